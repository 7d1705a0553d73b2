/**
 * @file horses.h
 * @brief Herd of Horses: what only this game has.
 *
 * Sides: 0 is Green (moves first, starts at a1), 1 is Red (starts at the
 * bottom-right cell). Cells are named row letter then column number, `a1`
 * top-left. A move is a horse's knight jump; the generic API in herd.h plays
 * it. This header adds typed creation, move construction, the connection
 * lines for drawing, the progress bars and the moves-log line.
 */
#ifndef HERD_HORSES_H
#define HERD_HORSES_H

#include "herd.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup horses Herd of Horses
 * @brief The game `horses`: two herds of knights race for the opposite corner, never splitting.
 *
 * Each side jumps one of its horses like a chess knight, and a jump is legal
 * only if the mover's herd stays connected by knight's moves; the first
 * horse on the far corner wins, and a side without a move loses. The
 * generic API plays it; this group adds what only this game has: typed
 * creation with its options (board size, horses a side), move construction
 * and decoding, the herd's connection lines for drawing, the progress bars
 * and the moves-log line. The rules, texts and computer player are on its
 * page, @ref horses "Herd of Horses". Examples: [programs/demo.c](../programs/demo.c)
 * (a seeded game with the typed options) and the @ref tutorial "Tutorial".
 *
 * @image html horses_start.svg "The start, with the default options"
 * @image html horses_play.svg "A while later, the computer playing both sides; its last move marked"
 * @{
 */

/** @name Option ranges and defaults
 *  @{ */
#define HERD_HORSES_MIN_WIDTH 8      /**< Smallest board width. */
#define HERD_HORSES_MAX_WIDTH 30     /**< Largest board width. */
#define HERD_HORSES_MIN_HEIGHT 8     /**< Smallest board height. */
#define HERD_HORSES_MAX_HEIGHT 20    /**< Largest board height. */
#define HERD_HORSES_MIN_HORSES 4     /**< Fewest horses a side. */
#define HERD_HORSES_MAX_HORSES 10    /**< Most horses a side. */
#define HERD_HORSES_DEFAULT_WIDTH 8  /**< Default board width. */
#define HERD_HORSES_DEFAULT_HEIGHT 8 /**< Default board height. */
#define HERD_HORSES_DEFAULT_HORSES 6 /**< Default horses a side. */
/** Each horse has at most eight jumps. */
#define HERD_HORSES_MAX_MOVES (8 * HERD_HORSES_MAX_HORSES)
/** A horse touches at most eight others, so a herd has at most this many lines. */
#define HERD_HORSES_MAX_LINES (4 * HERD_HORSES_MAX_HORSES)
/** @} */

/** Side numbers of this game. */
enum { HERD_HORSES_GREEN = 0, HERD_HORSES_RED = 1 };

/** The version of ::herd_horses_options that these headers define. */
#define HERD_HORSES_OPTIONS_VERSION 1

/** The options of a Herd of Horses game. Start from
 *  ::HERD_HORSES_OPTIONS_INIT or herd_horses_options_init(), so that
 *  `version` is set: a later version may add fields at the end, and the
 *  library reads and writes only those of the version given. */
typedef struct herd_horses_options {
    unsigned version; /**< ::HERD_HORSES_OPTIONS_VERSION. */
    int width;        /**< Columns, 8..30. */
    int height;       /**< Rows, 8..20. */
    int horses;       /**< Horses a side, 4..10. */
    uint64_t seed;    /**< Seeds the start placement and the computer player. */
} herd_horses_options;

/** The defaults: 8x8, 6 horses, seed 0. */
#define HERD_HORSES_OPTIONS_INIT                                                            \
    {                                                                                       \
        HERD_HORSES_OPTIONS_VERSION, HERD_HORSES_DEFAULT_WIDTH, HERD_HORSES_DEFAULT_HEIGHT, \
            HERD_HORSES_DEFAULT_HORSES, 0                                                   \
    }

/** Fills @p opt with ::HERD_HORSES_OPTIONS_INIT as of @p version: the
 *  defaults of that version's fields, and `version`; nothing past them.
 *  @param version ::HERD_HORSES_OPTIONS_VERSION, the version of these headers.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) for NULL or a
 *          @p version this library does not know. */
HERD_API int herd_horses_options_init(herd_horses_options *opt, unsigned version);

/** herd_horses_options_init() of version 1, the version of every program
 *  built before it. Does nothing for NULL.
 *  @deprecated Use herd_horses_options_init(), which a later version of the
 *  struct can use; this stays until version 2.0. */
HERD_API void herd_horses_default_options(herd_horses_options *opt);

/**
 * Creates a Herd of Horses game from typed options: the seeded start
 * placement (docs/horses.md describes it) and Green to move.
 * @param opt NULL for the defaults.
 * @return as herd_new(); ::HERD_E_RANGE names the option and its range
 *         ("w=7 is out of range 8..30"); ::HERD_E_ARG for a `version` this
 *         library does not read.
 */
HERD_API int herd_horses_new(const herd_horses_options *opt, herd_alloc_fn alloc, void *ud,
                             herd_game **out, herd_error *err);

/** Builds the move that jumps the horse on @p from to @p to. Coordinates
 *  -128..127 are representable, so an off-board target can be expressed (and
 *  herd_apply() refuses it with a message); one outside is kept off the
 *  board at the end of that range (::herd_cell says how). */
HERD_API herd_move herd_horses_move(herd_cell from, herd_cell to);

/** The cells of a move built by herd_horses_move() (or listed by the game);
 *  either pointer may be NULL.
 *  @return ::HERD_OK, or ::HERD_E_ARG when @p m is no such move. */
HERD_API int herd_horses_move_cells(herd_move m, herd_cell *from, herd_cell *to);

/** The options of @p g: board size, horses a side, and the seed it was
 *  created with (which a position read from text keeps). @p
 *  opt's `version` says which fields to write (::HERD_HORSES_OPTIONS_INIT
 *  or herd_horses_options_init() sets it); nothing past them is written.
 *  @return ::HERD_OK, or ::HERD_E_ARG (nothing written) if @p g is not a
 *          `horses` game, @p opt is NULL or its `version` is one this library
 *          does not know. Sets no message; the code says why. */
HERD_API int herd_horses_options_of(const herd_game *g, herd_horses_options *opt);

/** Where horse @p number (1..n) of @p side stands.
 *  @return ::HERD_OK, or ::HERD_E_ARG (NULL, not `horses`, side not 0 or 1,
 *          number out of 1..n); on error @p cell is untouched.
 *          Sets no message; the code says why. */
HERD_API int herd_horses_horse(const herd_game *g, int side, int number, herd_cell *cell);

/**
 * Who stands on a cell.
 * @param side   receives the side (-1 when empty).
 * @param number receives the horse number 1..n (0 when empty). Either may be NULL.
 * @return ::HERD_OK, or ::HERD_E_ARG for a cell off the board. Sets no message; the code says why.
 */
HERD_API int herd_horses_at(const herd_game *g, herd_cell cell, int *side, int *number);

/** Whether @p side's herd is together (its knight-move graph connected):
 *  @p is_together receives 1 or 0.
 *  @return ::HERD_OK, or ::HERD_E_ARG (NULL, not `horses`, side not 0 or 1).
 *          Sets no message; the code says why. */
HERD_API int herd_horses_together(const herd_game *g, int side, int *is_together);

/** A connection line: two horses of one side a knight's move apart. */
typedef struct herd_horses_line {
    int a; /**< The lower horse number. */
    int b; /**< The higher horse number. */
} herd_horses_line;

/**
 * The connection lines between @p side's horses, for drawing, ordered by
 * (a, b). At most ::HERD_HORSES_MAX_LINES. @p count and the return values as
 * in herd_legal_moves(); ::HERD_E_ARG also for a game that is not `horses`
 * or a side not 0 or 1.
 */
HERD_API int herd_horses_lines(const herd_game *g, int side, herd_horses_line *buf, size_t cap,
                               size_t *count);

/**
 * A side's progress bar. @p distance receives the fewest knight moves that
 * the side's closest horse needs to reach its target corner on an empty
 * board; @p parts the knight distance from `a1` to the bottom-right cell on
 * the empty board (the bar's number of parts). Either may be NULL.
 * @return ::HERD_OK, or ::HERD_E_ARG (NULL, not `horses`, side not 0 or 1).
 *         Sets no message; the code says why.
 */
HERD_API int herd_horses_progress(const herd_game *g, int side, int *distance, int *parts);

/**
 * Writes the moves-log line of the move that was played as move number
 * @p number (from 1), e.g. `3. Green moved horse 0: a3 -> b5` (horse 10
 * shows as 0). Call it right after herd_apply() of that move, so that the
 * horse is found on its new cell. @p len as in herd_position_to_text().
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written), ::HERD_E_ARG (NULL,
 *         not `horses`, or @p m not a move onto a cell that holds a horse).
 *         Sets no message; the code says why.
 */
HERD_API int herd_horses_log_line(const herd_game *g, unsigned number, herd_move m, char *buf,
                                  size_t cap, size_t *len);

/**
 * Writes the moves-log line of history entry @p i (from 0, the oldest, as
 * herd_history_move() numbers them), numbered @p i + 1: the line that
 * herd_horses_log_line() wrote when that move was played, e.g.
 * `3. Green moved horse 0: a3 -> b5` for @p i = 2. A front end draws its
 * moves log from the history, lines 0 .. herd_history_length() - 1, so it
 * keeps no move numbers and nothing to take back after herd_undo().
 * @p len as in herd_position_to_text(). Since 1.1.
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written), ::HERD_E_RANGE
 *         (@p i not below herd_history_length()), ::HERD_E_ARG (NULL, not
 *         `horses`). Sets no message; the code says why.
 */
HERD_API int herd_horses_history_line(const herd_game *g, size_t i, char *buf, size_t cap,
                                      size_t *len);

/** @} */

#ifdef __cplusplus
}
#endif

#endif /* HERD_HORSES_H */
