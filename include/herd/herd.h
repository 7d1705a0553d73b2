/**
 * @file herd.h
 * @brief The core libherd API: one generic surface for every game.
 *
 * A game lives in an opaque ::herd_game handle. Everything the game needs,
 * its position, its undo history, its seeded random generator and the text
 * of its last error, lives in that handle: the library has no mutable global
 * state. Distinct handles may be used from distinct threads at once, and calls
 * that take a `const herd_game *` may run concurrently on one handle; of
 * those, herd_hint() calls the handle's allocator and progress handler,
 * which must then be safe to call from those threads at once.
 *
 * Functions return ::HERD_OK (zero) or a negative ::herd_code. A call that
 * fails leaves the game exactly as it was; calls that take a non-const handle
 * also leave a message naming what was wrong, read with herd_last_error().
 * A pointer parameter is required unless its documentation says that it may
 * be NULL: a NULL one is refused with ::HERD_E_ARG, and a call that takes
 * the handle non-const names the parameter in its message. The conventions
 * (argument order, moves and actions, buffers) are in @ref api_conventions.
 *
 * Each game adds its own header with what only it has: herd/horses.h,
 * herd/hex.h, herd/hare.h, herd/fox.h, herd/flock.h. Records of whole games
 * and the players' clock are in herd/record.h.
 */
/* The groups, in reading order: Doxygen's Modules page lists them as they
 * are defined here. */
/**
 * @defgroup errors Errors
 * @brief What a failed call returns and how it says what was wrong.
 *
 * Every function that can fail returns ::HERD_OK (zero) or a negative
 * ::herd_code, and a call that fails leaves the game exactly as it was.
 * Given a non-const handle it also leaves a message, read with
 * herd_last_error(); herd_new() and herd_new_from_save(), which have no
 * handle yet, write theirs to a ::herd_error. herd_strerror() names a code.
 * A call on a const handle (herd_get_status(), herd_show(), herd_hint(), ...)
 * sets no message, so that such calls may run at once on one handle: when
 * one fails, herd_last_error() still tells of an older failure, and the code
 * with herd_strerror() says why ("buffer too small: the length needed is
 * reported").
 * Example: [examples/tutorial/first_game.c](../examples/tutorial/first_game.c)
 * (a refused option and its message).
 *
 * @defgroup creation Games
 * @brief Creating and freeing a game, and what the game and its sides are called.
 *
 * herd_new() makes a game from its name and its `KEY=VALUE` options, the
 * same as the `herd` program's `new`; each game's header adds a typed
 * constructor with an options struct (herd_horses_new(), ...). A handle
 * holds everything of one game (position, undo history, generator, last
 * error) and its own allocator; herd_free() releases it.
 * Example: [examples/tutorial/first_game.c](../examples/tutorial/first_game.c).
 *
 * @defgroup registry The games and their options
 * @brief The library's own description of its games, for the programs that offer them.
 *
 * The library describes its own games: their names, sides, options with
 * their ranges and defaults, computer levels and bounds, in one registry
 * that front ends, bindings and tools read instead of restating them.
 * The descriptions are static: they live as long as the program, and
 * reading them is thread-safe. Later versions may add fields at the end
 * of ::herd_game_desc, which is reached by a pointer, and keep
 * ::herd_option_desc, an element of an array, as it is. The options of every game
 * are tabled in @ref protocol "The herd program".
 * Examples: [programs/herd.c](../programs/herd.c) (its `games` answer and
 * `--help`) and [programs/play/play_setup.c](../programs/play/play_setup.c)
 * (herd-play's setup screen, built from the registry).
 *
 * @defgroup moves Moves
 * @brief Listing, checking, playing and taking back moves.
 *
 * A move (a player's move, a chance outcome, a removal or a placement) is a
 * ::herd_move, a plain integer in the game's own encoding. herd_legal_moves()
 * lists the legal ones, herd_apply() plays one after checking it fully (a
 * refused move changes nothing) and herd_undo() takes the last one back.
 * Example: [examples/tutorial/moves.c](../examples/tutorial/moves.c).
 *
 * @defgroup status Status
 * @brief Who is to act, or who won and why.
 *
 * herd_get_status() says whether the game goes on (and who acts), or who
 * won or that it is drawn, with the reason by its protocol name
 * (herd_reason_name()). Example:
 * [examples/tutorial/computer.c](../examples/tutorial/computer.c), which plays
 * until the status says the game is over.
 *
 * @defgroup text Texts
 * @brief The position and move texts, and the board drawn for people.
 *
 * Each game has one position text and one text per move, the same that
 * the `herd` program reads and writes; each game's rules page defines them
 * (@ref protocol_games "The games and their options" links those pages).
 * A saved game has a text of its own (@ref save_format "the save format").
 * herd_show() draws the board in a free format. Examples:
 * [examples/tutorial/first_game.c](../examples/tutorial/first_game.c) (a
 * position text and the board) and
 * [examples/tutorial/moves.c](../examples/tutorial/moves.c) (move texts).
 *
 * @defgroup chance Chance events
 * @brief The dice of the games that have them: outcomes, probabilities, rolls.
 *
 * In a game with chance (`hex`) a chance event waits before each turn.
 * herd_roll() draws its outcome from the game's own generator and plays it;
 * a program with physical dice plays the outcome it was given, as any
 * move, with herd_apply(). Examples: @ref hex_dice.c "examples/hex_dice.c"
 * (both ways) and [programs/herd.c](../programs/herd.c) (its `roll`
 * command).
 *
 * @defgroup computers Computer players
 * @brief A move chosen by the game's computer player, at one of its levels.
 *
 * herd_genmove() asks the computer player of the game for a move,
 * drawing from the game's own generator, so that the same seed gives the
 * same game; herd_play_genmove() also plays it. Each game has its levels
 * (@ref levels "Computer levels"). What a level needs of memory
 * (herd_memory_needed()) can be bounded per handle
 * (herd_set_memory_limit()). Examples:
 * [examples/tutorial/computer.c](../examples/tutorial/computer.c) and
 * [programs/herd_match.c](../programs/herd_match.c) (two levels against
 * each other over many games).
 *
 * @defgroup playing Playing against the computer
 * @brief Hints, undo of a whole turn, and the names of the computer's levels.
 *
 * What a program needs when a person plays against the computer: the move
 * the computer would suggest (herd_hint(), which changes nothing), taking
 * back the person's last turn together with the computer's reply
 * (herd_undo_turn()), and the levels to offer, by name (herd_level_name()).
 * Examples: [programs/play/herd_play.c](../programs/play/herd_play.c)
 * (herd-play's hint and undo keys) and @ref fox_chain.c
 * "examples/fox_chain.c" (the fox's whole turn taken back).
 *
 * @defgroup solving Solving
 * @brief The exact value of a position, for the games the library solves.
 *
 * herd_solve() gives the winner with perfect play and the number of moves
 * to the end, for the games whose herd_game_desc::solvable is 1 (`hare`)
 * and for `fox` endgames within herd_fox_set_solve_limit(); the others
 * answer ::HERD_E_UNSUPPORTED. Examples:
 * [examples/hare_solve.c](../examples/hare_solve.c) (the verdict for every
 * start of the hare) and @ref hare_game.c "examples/hare_game.c" (the
 * moves to the end after every move of a game).
 *
 * @defgroup search Search and copies
 * @brief Counting move sequences, stopping long calls, and copying games.
 *
 * For programs that search: herd_perft() counts the move sequences of a
 * depth (the check of a move generator), herd_interrupt() and a progress
 * handler stop a long call from another thread or a signal handler, and a
 * game is copied to the heap (herd_clone()) or into caller memory without
 * allocating (herd_copy_into(), herd_copy_position()), the copy-make way.
 * Examples: [programs/herd.c](../programs/herd.c) (`perft`, stopped by
 * Ctrl-C) and the benchmark `tests/bench/herd_bench.c` (playouts in a copy
 * in caller memory, @ref performance "Performance").
 *
 * @defgroup saves Saved games
 * @brief One line that restores a game exactly.
 *
 * herd_save() writes a game as one line (@ref save "Saved games" gives the
 * format): position, generator, the computer player's memory and counters,
 * so that a game loaded with herd_load() or herd_new_from_save() plays on
 * exactly as the saved one would have. Example:
 * [programs/herd.c](../programs/herd.c) (its `save` and `load` commands).
 *
 * @defgroup learning Actions, observations and playouts
 * @brief A fixed action space, legal masks, observations and batched playouts.
 *
 * What programs that learn or search need: a fixed action space per game,
 * the legal actions as a mask over it, an observation as planes of floats,
 * and batched playouts, all without texts.
 *
 * The action space of a game is the numbers 0..N-1, N = herd_num_actions(),
 * a fixed bijection with a set of moves of the game that holds every
 * move that can ever be legal (and some that never are, such as a jump
 * off the board: masks leave them out); a move's number is its action
 * (herd_move_to_action(), herd_action_to_move()). N and the bijection depend on the
 * game's options (its board) only, never on the position; a chance outcome
 * (a hex roll) has its number too. Each game's page (docs/horses.md, ...)
 * gives its encoding and draws its observation. Examples: the Python
 * package's `herd.spiel` and `herd.env` are built on these, and
 * `bindings/python/examples/mcts.py` values its leaves with batched playouts.
 * Many games stepped together by one call per step, for self-play and
 * training: @ref batch "Batches of games" (herd/batch.h).
 *
 * @defgroup version Version
 * @brief The version of the headers and of the library, to compare at run time.
 *
 * The macros give the headers' version and herd_version() the library's,
 * so that a program can refuse a library that does not serve its headers:
 * HERD_VERSION_SERVES(herd_version()) (the same major version, at least the
 * headers' minor version). Example: [programs/demo.c](../programs/demo.c)
 * checks it before it plays.
 */
#ifndef HERD_HERD_H
#define HERD_HERD_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** @addtogroup version
 *  @{ */
#define HERD_VERSION_MAJOR 1 /**< Incompatible API changes. */
#define HERD_VERSION_MINOR 1 /**< Compatible additions. */
#define HERD_VERSION_PATCH 0 /**< Fixes only. */
/** The version as one number: major * 10000 + minor * 100 + patch. */
#define HERD_VERSION_NUMBER \
    (HERD_VERSION_MAJOR * 10000 + HERD_VERSION_MINOR * 100 + HERD_VERSION_PATCH)
/** Nonzero when a library of version @p number (herd_version()) serves a
 *  program built with this header: the same major version, and at least
 *  this minor version (a later minor version only adds). */
#define HERD_VERSION_SERVES(number)                                                                \
    ((number) / 10000 == HERD_VERSION_MAJOR && (number) / 100 >= HERD_VERSION_NUMBER / 100)
/** @} */

/** @def HERD_API
 *  Marks a public symbol. The shared library exports only these; define
 *  `HERD_STATIC` when linking the static library on Windows. */
#if defined(_WIN32) && !defined(HERD_STATIC)
#    ifdef HERD_BUILDING
#        define HERD_API __declspec(dllexport)
#    else
#        define HERD_API __declspec(dllimport)
#    endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#    define HERD_API __attribute__((visibility("default")))
#else
#    define HERD_API
#endif

/** @addtogroup errors
 *  @{ */

/** Error codes. Every error is negative; ::HERD_OK is zero. */
typedef enum herd_code {
    HERD_OK = 0,              /**< Success. */
    HERD_E_ARG = -1,          /**< A NULL pointer or an argument out of its domain. */
    HERD_E_NOMEM = -2,        /**< The allocator returned NULL, or caller memory is too small. */
    HERD_E_RANGE = -3,        /**< An option value out of its allowed range. */
    HERD_E_PARSE = -4,        /**< Malformed text (position, move or options). */
    HERD_E_ILLEGAL = -5,      /**< A move the rules forbid here, or no move of this game at all. */
    HERD_E_BUFFER = -6,       /**< A caller buffer is too small; the needed size is reported. */
    HERD_E_STATE = -7,        /**< Not possible now: game over, nothing to undo, no chance event. */
    HERD_E_UNKNOWN = -8,      /**< An unknown game name or option key. */
    HERD_E_POSITION = -9,     /**< A well-formed position that breaks the rules' invariants. */
    HERD_E_UNSUPPORTED = -10, /**< The game does not offer this operation. */
    HERD_E_INTERRUPTED = -11  /**< A long call was stopped by herd_interrupt() or the
                                   progress handler (herd_set_progress()). */
} herd_code;

/**
 * A static, human-readable description of an error code.
 * @param code a ::herd_code (any int is accepted).
 * @return a string that is never NULL; unknown codes give "unknown error".
 */
HERD_API const char *herd_strerror(int code);

/** The size of the message in ::herd_error. */
#define HERD_ERROR_MESSAGE_SIZE 160

/** Where herd_new() explains a failure, since no handle exists then. */
typedef struct herd_error {
    int code;                              /**< The ::herd_code returned. */
    char message[HERD_ERROR_MESSAGE_SIZE]; /**< What was wrong, NUL-terminated. */
} herd_error;

/** @} */

/** The library's version as HERD_VERSION_NUMBER computes it, to compare
 *  with the headers' version at run time. @ingroup version */
HERD_API int herd_version(void);

/** The library's version as text, "MAJOR.MINOR.PATCH". @ingroup version */
HERD_API const char *herd_version_string(void);

/** @addtogroup creation
 *  @{ */

/**
 * A Lua-style allocator. Called with `new_size == 0` it frees `ptr` (of
 * `old_size` bytes) and returns NULL; otherwise it returns a block of
 * `new_size` bytes holding the first min(old_size, new_size) bytes of `ptr`
 * (`ptr` is NULL for a fresh block, then `old_size` is 0), or NULL on failure,
 * leaving `ptr` untouched. Passing NULL where an allocator is asked for means
 * malloc, realloc and free. It is called from the calls on its handle only;
 * herd_hint(), a const call, calls it too, so the allocator of a handle on
 * which hints run in several threads at once must be thread-safe (malloc is).
 */
typedef void *(*herd_alloc_fn)(void *ud, void *ptr, size_t old_size, size_t new_size);

/** The games of the library. */
typedef enum herd_kind {
    HERD_HORSES = 1, /**< Herd of Horses (`horses`). */
    HERD_HEX = 2,    /**< Mark Steere's Herd on a hexhex board (`hex`). */
    HERD_HARE = 3,   /**< Hare and Hounds (`hare`). */
    HERD_FOX = 4,    /**< Fox and Geese (`fox`). */
    HERD_FLOCK = 5   /**< Flock (`flock`). */
} herd_kind;

/**
 * A cell of a board as a row and a column, both counted from 0. Its text,
 * as positions, moves and messages write it, is the row letter from `a` at
 * the top, then the column number from 1 at the left: `a1` is {0, 0} (the
 * top-left cell), `c5` is {2, 4} (third row, fifth column):
 * @code
 * herd_cell c5 = {.row = 2, .col = 4};
 * herd_move m = herd_horses_move((herd_cell){0, 0}, (herd_cell){2, 1}); // a1-c2
 * @endcode
 * Herd of Horses, Flock, Hare and Hounds and Fox and Geese number the cells
 * of their square grids so (the last two use only the points of their
 * boards); on the hexhex board (herd/hex.h) the column counts within the
 * row: `e5` is {4, 4}. The main page's @ref cells_and_moves "Cells and moves"
 * shows how cells make moves.
 *
 * A message names a cell by its text (`c5 is occupied`); a cell that no
 * text can name (a coordinate below 0, a row past `z`) is written as this
 * struct, counted from 0 as here: herd_apply() of
 * `herd_horses_move((herd_cell){0, 0}, (herd_cell){-2, -1})` is refused
 * with `{.row = -2, .col = -1} is off the board`.
 *
 * A move holds what its game's move maker keeps of a cell:
 * herd_horses_move() and herd_flock_move() keep each coordinate in 8 bits,
 * -128..127, and one outside is kept as the end of that range it passed
 * (200 as 127, -300 as -128), off every board, so that herd_apply() refuses
 * it (it never wraps round onto a cell of the board); herd_hex_place_move() and
 * herd_hex_remove_move() give 0, no move, for a coordinate outside 0..255;
 * the makers of Hare and Hounds and Fox and Geese give 0 for a cell
 * outside their 7x7 grid.
 */
typedef struct herd_cell {
    int row; /**< 0-based row, from the top (`a`). */
    int col; /**< 0-based column, from the left (`1`). */
} herd_cell;

/** An opaque game handle. */
typedef struct herd_game herd_game;

/**
 * A move of a game: a player's move, a chance outcome, a removal, a
 * placement. A plain integer: store it, compare it with `==`, hash it. Its
 * bits are the game's own encoding; convert with herd_move_from_text() and
 * herd_move_to_text() or the game header's helpers. A move does not say
 * which game made it: another game's move given to a game is read by this
 * game's encoding (refused, or a different move), so keep each move with
 * its game.
 * @ingroup moves
 */
typedef uint64_t herd_move;

/** No game has more legal moves at once than this. Each game header gives
 *  its own, smaller bound, and herd_max_moves() the bound of one game.
 *  @ingroup moves */
#define HERD_MAX_MOVES 1024

/** No position text (@ref protocol_games "each game's") of any game is
 *  longer than this, the NUL included.
 *  @ingroup text */
#define HERD_MAX_POSITION_TEXT 1024

/** No move text (@ref protocol_games "each game's") of any game is
 *  longer than this, the NUL included.
 *  @ingroup text */
#define HERD_MAX_MOVE_TEXT 64

/**
 * Creates a game.
 *
 * @param game    the game's name as protocol.md spells it: "horses", "hex", ...
 * @param options NULL or "" for the defaults, or `KEY=VALUE` pairs separated
 *                by spaces, exactly the keys of the `herd` program's `new`
 *                command (for `horses`: w, h, n, seed).
 * @param alloc   the allocator for this handle, NULL for malloc/free.
 * @param ud      passed to @p alloc unchanged.
 * @param out     receives the new handle; untouched on failure.
 * @param err     NULL, or receives the code and a message on failure.
 * @return ::HERD_OK, ::HERD_E_ARG, ::HERD_E_UNKNOWN (game or key),
 *         ::HERD_E_PARSE (not `KEY=VALUE` pairs, a key given twice, a
 *         value that is no number: "w=abc is not a whole number in 8..30"),
 *         ::HERD_E_RANGE (a number out of the option's range, a negative
 *         one too: "w=-1 is out of range 8..30") or ::HERD_E_NOMEM.
 */
HERD_API int herd_new(const char *game, const char *options, herd_alloc_fn alloc, void *ud,
                      herd_game **out, herd_error *err);

/** Frees a game and its history with the handle's allocator. NULL is
 *  harmless, and so is a game made by herd_copy_into() (nothing to free). */
HERD_API void herd_free(herd_game *g);

/** The game's kind; 0 for a NULL handle. */
HERD_API herd_kind herd_game_kind(const herd_game *g);

/** The game's name, as herd_new() takes it. NULL for a NULL handle. */
HERD_API const char *herd_game_name(const herd_game *g);

/** The message of the last failed call that took this handle non-const,
 *  "" when there is none (and for a NULL handle). Valid until the next such
 *  call. A failed call on a const handle sets none: after one, this still
 *  tells of an older failure, and herd_strerror() of its code says why.
 *  @ingroup errors */
HERD_API const char *herd_last_error(const herd_game *g);

/** The name of a side of this game: side 0 ("green", "red", "hounds",
 *  "fox", "black") moves first; side 1 is the other. NULL if out of range. */
HERD_API const char *herd_side_name(const herd_game *g, int side);

/** @} */

/* ------------------------------------------------------------- registry */

/** @addtogroup registry
 *  @{ */

/** How an option takes its value. */
typedef enum herd_option_kind {
    HERD_OPTION_RANGE = 1,  /**< A whole number in herd_option_desc::min..max. */
    HERD_OPTION_CHOICE = 2, /**< One of the whole numbers of herd_option_desc::choices. */
    HERD_OPTION_POINT = 3   /**< A point of the board, as its cell name (`start=c2`). */
} herd_option_kind;

/** One option of a game: a `KEY=VALUE` of herd_new() and of the protocol's
 *  `new`. */
typedef struct herd_option_desc {
    const char *key;           /**< The key, e.g. `"w"`. */
    herd_option_kind kind;     /**< How the value is given. */
    uint64_t min;              /**< ::HERD_OPTION_RANGE: the smallest value. */
    uint64_t max;              /**< ::HERD_OPTION_RANGE: the largest value. */
    const uint64_t *choices;   /**< ::HERD_OPTION_CHOICE: the values, ascending; else NULL. */
    size_t choice_count;       /**< ::HERD_OPTION_CHOICE: how many; else 0. */
    uint64_t default_value;    /**< ::HERD_OPTION_RANGE, ::HERD_OPTION_CHOICE: the default. */
    const char *default_point; /**< ::HERD_OPTION_POINT: the default cell name; else NULL. */
    const char *description;   /**< One line, lower case, no final period. */
} herd_option_desc;

/** What a game is, for a front end that offers it. */
typedef struct herd_game_desc {
    herd_kind kind;                  /**< Its kind, as herd_game_kind() gives it. */
    const char *name;                /**< Its name for herd_new(): `"horses"`, ... */
    const char *title;               /**< Its title for people: `"Herd of Horses"`. */
    const char *side_names[2];       /**< Side 0 (acts first) and side 1, as herd_side_name(). */
    const herd_option_desc *options; /**< Its options, in the protocol's order. */
    size_t option_count;             /**< How many options (every game has `seed`). */
    int level_count;                 /**< Its computer levels, 1..level_count (herd_max_level()). */
    int default_level; /**< The level that level 0 means (one that needs no memory). */
    size_t max_moves;  /**< Its most legal moves at once (herd_max_moves()). */
    int has_chance;    /**< 1 when it has chance events (dice), else 0. */
    int solvable;      /**< 1 when herd_solve() solves every position of it, else 0
                            (`fox`: 0, it solves endgames only). */
} herd_game_desc;

/** The number of games the library has. */
HERD_API size_t herd_game_count(void);

/** Game @p index (0..herd_game_count() - 1) in the library's order (the
 *  protocol's `games`); NULL for an index out of range. */
HERD_API const herd_game_desc *herd_game_desc_at(size_t index);

/** The game called @p name (as herd_new() takes it); NULL for none. */
HERD_API const herd_game_desc *herd_game_desc_find(const char *name);

/** The description of @p g's game; NULL for a NULL handle. */
HERD_API const herd_game_desc *herd_game_desc_of(const herd_game *g);

/**
 * The name and one-line description of a computer level of a game, as
 * herd_level_name() gives them for a handle.
 * @param level       1..herd_game_desc::level_count, or 0 for the default.
 * @param name        receives a static string without spaces; may be NULL.
 * @param description receives a static string; may be NULL.
 * @return ::HERD_OK, ::HERD_E_ARG (NULL @p desc) or ::HERD_E_RANGE (level);
 *         on error the out-parameters are untouched.
 */
HERD_API int herd_game_desc_level(const herd_game_desc *desc, int level, const char **name,
                                  const char **description);

/**
 * Writes a game's line of the protocol's `games` command: its name, then
 * each option as `KEY=LO..HI:DEFAULT`, `KEY=A|B|C:DEFAULT` or
 * `KEY=point:DEFAULT`, separated by single spaces, e.g.
 * `fox geese=13|15|17:13 sideways=0..1:0 seed=0..18446744073709551615:0`.
 * @p len as in herd_position_to_text().
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written) or ::HERD_E_ARG.
 */
HERD_API int herd_game_desc_to_text(const herd_game_desc *desc, char *buf, size_t cap, size_t *len);

/**
 * Writes the options a game was made with as the text herd_new() takes:
 * every option of its description, in the description's order, as
 * `KEY=VALUE` separated by single spaces, e.g. `w=10 h=8 n=6 seed=7` or
 * `start=a2 seed=0`. herd_new() with the game's name and this text makes a
 * game with the same options. The typed `herd_*_options_of()` of each
 * game's header give the same values as a struct.
 * @p len as in herd_position_to_text().
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written) or ::HERD_E_ARG.
 *         Sets no message; the code says why.
 */
HERD_API int herd_game_options_text(const herd_game *g, char *buf, size_t cap, size_t *len);

/** @} */

/* ---------------------------------------------------------------- moves */

/** @addtogroup moves
 *  @{ */

/** The largest number of legal moves this game can ever have at once;
 *  0 for a NULL handle. */
HERD_API size_t herd_max_moves(const herd_game *g);

/**
 * Lists the legal moves of the side to act (at a chance event: the
 * outcomes). An ended game has none.
 *
 * @param buf   receives up to @p cap moves, in the game's generation order
 *              (not sorted); may be NULL when @p cap is 0.
 * @param count receives the number of legal moves, also when @p cap is too
 *              small; may be NULL.
 * @return ::HERD_OK, or ::HERD_E_BUFFER when @p cap is below their number
 *         (then @p buf is untouched), or ::HERD_E_ARG. Sets no message; the code says why.
 */
HERD_API int herd_legal_moves(const herd_game *g, herd_move *buf, size_t cap, size_t *count);

/** Nonzero when @p m is legal now; 0 for a NULL handle. */
HERD_API int herd_is_legal(const herd_game *g, herd_move m);

/**
 * Plays a move after checking it fully. Allocates only when the undo
 * history must grow (geometrically), so most calls allocate nothing.
 * @return ::HERD_OK; ::HERD_E_ILLEGAL (the message says why: "b3 is
 *         occupied", "the herd would split", ...; also for a value that is
 *         no move of this game), ::HERD_E_STATE when the game is over,
 *         ::HERD_E_NOMEM, ::HERD_E_ARG (NULL); on error nothing changed.
 */
HERD_API int herd_apply(herd_game *g, herd_move m);

/** Takes back the last move played, or first the players' ending of the
 *  game (herd_end()), which is one step of its own.
 *  @return ::HERD_OK, ::HERD_E_STATE when there is none (nothing changes),
 *          ::HERD_E_ARG (NULL). */
HERD_API int herd_undo(herd_game *g);

/** The number of moves that herd_undo() can take back now; 0 for a NULL
 *  handle. herd_history_move() reads them. */
HERD_API size_t herd_history_length(const herd_game *g);

/**
 * Reads a move of the undo history, so that a program needs no move log
 * of its own. Move @p i = 0 is the oldest the history holds: the first
 * since the game was created, or since herd_position_from_text(),
 * herd_load() or herd_copy_position() cleared the history;
 * herd_history_length() - 1 is the last one played. Every move counts, as
 * herd_undo() takes them back one by one: the moves played with
 * herd_apply() or herd_apply_action(), the computer's (herd_play_genmove())
 * and the chance outcomes (herd_roll(), or the dice played with
 * herd_apply()). A move taken back is gone from the history, so after
 * herd_undo() or herd_undo_turn() the same @p i may name the next move
 * played there. herd_clone() copies the history with its moves; a copy
 * made by herd_copy_into() starts with none and keeps as many as its memory
 * holds, dropping the oldest, so its move 0 is then the oldest kept.
 * Reads only: like the other calls on a const handle it leaves no message.
 * @param m receives the move, as herd_apply() takes it.
 * @return ::HERD_OK, ::HERD_E_RANGE when @p i >= herd_history_length() (@p m
 *         untouched), ::HERD_E_ARG (NULL @p g or @p m).
 */
HERD_API int herd_history_move(const herd_game *g, size_t i, herd_move *m);

/**
 * Says who played move @p i of the undo history (numbered as in
 * herd_history_move()): the side that was to act before it, and whether it
 * was a chance event's outcome (the hex dice, rolled at the start of that
 * side's turn) rather than that side's decision.
 * @param side   receives 0 or 1; may be NULL.
 * @param chance receives 1 for a chance outcome, else 0; may be NULL.
 * @return ::HERD_OK, ::HERD_E_RANGE when @p i >= herd_history_length()
 *         (nothing written), ::HERD_E_ARG (NULL @p g). Sets no message; the code says why.
 */
HERD_API int herd_history_side(const herd_game *g, size_t i, int *side, int *chance);

/** @} */

/* ------------------------------------------------------------- status */

/** @addtogroup status
 *  @{ */

/** How a game stands. */
typedef enum herd_result {
    HERD_ONGOING = 0, /**< The game goes on; herd_status::side is to act. */
    HERD_WIN = 1,     /**< herd_status::side has won. */
    HERD_DRAW = 2,    /**< Nobody won. */
    HERD_OVER = 3     /**< Ended by its players without a result (abandoned: herd_end());
                           herd_status::side is -1. Since 1.1. */
} herd_result;

/** Why a game ended. The names are protocol.md's status reasons. */
typedef enum herd_reason {
    HERD_REASON_NONE = 0,  /**< The game goes on. */
    HERD_REASON_CORNER,    /**< `corner`: a horse reached its target corner. */
    HERD_REASON_NO_MOVES,  /**< `no-moves`: the side to move had no legal move. */
    HERD_REASON_FULL,      /**< `full`: the hex board is full. */
    HERD_REASON_ESCAPED,   /**< `escaped`: the hare got below every hound. */
    HERD_REASON_STALLING,  /**< `stalling`: ten hound moves in a row without going up. */
    HERD_REASON_TRAPPED,   /**< `trapped`: the hare or fox, to move, cannot. */
    HERD_REASON_CAPTURED,  /**< `captured`: enough pieces were captured. */
    HERD_REASON_MOVE_LIMIT, /**< `move-limit`: Flock's 100 moves were played. */
    /* The endings by the players (herd_end()), since 1.1: */
    HERD_REASON_RESIGNED, /**< `resigned`: a side resigned; the other won. */
    HERD_REASON_TIME,     /**< `time`: a side's time ran out; the other won. */
    HERD_REASON_AGREED,   /**< `agreed`: a draw both players accepted. */
    HERD_REASON_ABANDONED /**< `abandoned`: ended without a result (::HERD_OVER). */
} herd_reason;

/** The state of a game: who is to act, or who won and why. */
typedef struct herd_status {
    herd_result result; /**< Ongoing, win, draw or over (abandoned). */
    int side;           /**< Ongoing: the side to act; win: the winner; draw, over: -1. */
    herd_reason reason; /**< ::HERD_REASON_NONE while ongoing. */
} herd_status;

/** Reads the game's status.
 *  @return ::HERD_OK or ::HERD_E_ARG. Sets no message; the code says why. */
HERD_API int herd_get_status(const herd_game *g, herd_status *st);

/** The short machine word of a reason ("corner", "no-moves", ...,
 *  "resigned", "time", "agreed", "abandoned"), as the protocol's status,
 *  the records' Termination tag and logs carry it; "" for
 *  ::HERD_REASON_NONE, NULL for a value out of range. For players, say the
 *  ending with herd_result_text() ("Red has no move left: Green wins"). */
HERD_API const char *herd_reason_name(herd_reason reason);

/**
 * Writes how the game ended, in words, as a front end shows it to the
 * players (since 1.1): who won and why, from one table of sentences for
 * every game and reason, e.g. "Red has no move left: Green wins", "Black
 * captured a third stone: Black wins", "The hounds resigned: the hare wins",
 * "The players agreed a draw". One line, a capital first, no final period;
 * "" while the game goes on. NUL-terminated.
 * @param g   the game; required.
 * @param len receives the text's length without the NUL; when @p cap is too
 *            small, the length needed; may be NULL.
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written) or ::HERD_E_ARG (NULL
 *         @p g, or NULL @p buf with @p cap not 0). Sets no message; the code says why.
 */
HERD_API int herd_result_text(const herd_game *g, char *buf, size_t cap, size_t *len);

/**
 * Ends an ongoing game by its players (since 1.1), whatever the position:
 * - ::HERD_REASON_RESIGNED: @p side resigns; the other side wins;
 * - ::HERD_REASON_TIME: @p side's time ran out; the other side wins;
 * - ::HERD_REASON_AGREED: a draw both players accepted (@p side ignored: pass -1);
 * - ::HERD_REASON_ABANDONED: no result, ::HERD_OVER (@p side ignored).
 *
 * Either side may resign or lose on time at any moment, also in the
 * middle of a turn (a `fox` chain, a `hex` turn, before its dice). The
 * ending is not a move: herd_history_length() does not count it and the
 * position text does not carry it. While it stands the game is over as
 * after any ending: no legal move, herd_apply() and the computer player
 * refuse with ::HERD_E_STATE. herd_undo() and herd_undo_turn() take it back
 * first, as one step of its own (nothing else is taken back with it).
 * herd_save() and herd_load() carry it (field `end=` of
 * @ref save_format "the save format"), herd_clone(), herd_copy_into() and
 * herd_copy_position() copy it, herd_position_from_text() and a load of a
 * save without it clear it. herd_show() ends with the sentence that says
 * it (herd_result_text()).
 * @param reason one of the four above.
 * @param side   the side that resigns or whose time ran out, 0 or 1;
 *               ignored for the other two reasons.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL @p g, another reason, @p side not
 *         0 or 1 where it counts); ::HERD_E_STATE (the game is already
 *         over); on error nothing changed.
 */
HERD_API int herd_end(herd_game *g, herd_reason reason, int side);

/** @} */

/* --------------------------------------------------------------- text */

/** @addtogroup text
 *  @{ */

/**
 * Writes the game's position text
 * (@ref protocol_games "defined on each game's page"), NUL-terminated.
 * @param len receives the text's length without the NUL; when @p cap is too
 *            small, the length needed (so @p cap must be at least *len + 1);
 *            may be NULL.
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written) or ::HERD_E_ARG.
 *         Sets no message; the code says why.
 */
HERD_API int herd_position_to_text(const herd_game *g, char *buf, size_t cap, size_t *len);

/**
 * Replaces the position with one read from a position text of the same
 * game (@ref protocol_games "defined on each game's page"); its options,
 * such as the board size, come from the text.
 * Clears the undo history; the random generator goes on as it was.
 * The text is read as it is: a blank before or after it (space, tab, CR,
 * LF) is refused with ::HERD_E_PARSE and a message that says "a position
 * text has no blanks around it".
 * @return ::HERD_OK, ::HERD_E_PARSE (malformed), ::HERD_E_POSITION (breaks
 *         the rules' invariants, the message names which) or ::HERD_E_ARG;
 *         on error the game is unchanged.
 */
HERD_API int herd_position_from_text(herd_game *g, const char *text);

/** Writes a move as its move text
 *  (@ref protocol_games "defined on each game's page"); @p len as in
 *  herd_position_to_text(). The move need not be legal now, but must be
 *  one of this game's, one that herd_move_from_text() reads (cells this
 *  game can name, a hex cell of this board, a dice outcome): every text
 *  written reads back as the same value.
 *  @return ::HERD_OK, ::HERD_E_BUFFER (nothing written), ::HERD_E_ARG (NULL,
 *          or no move of this game). Sets no message; the code says why. */
HERD_API int herd_move_to_text(const herd_game *g, herd_move m, char *buf, size_t cap, size_t *len);

/** Reads a move text (@ref protocol_games "defined on each game's page").
 *  Checks the text, not whether the move is legal now, which herd_apply()
 *  checks (and says why not). What the text's check covers differs by game:
 *  - `horses` and `flock`: the syntax `FROM-TO`, each cell a row letter
 *    `a`..`z` and a column 1..127; whether the cells are on this board and
 *    the move has the piece's shape is herd_apply()'s (`z9-a1` reads, and
 *    herd_apply() refuses it: `z9 is off the board`);
 *  - `hare` and `fox`: the syntax (`FROM-TO`, and `stop` in `fox`), each
 *    cell a point of the board (`a1` is refused here: `a1 is not a point of
 *    the board`), one hop at a time in `fox`;
 *  - `hex`: the syntax (`+CELL`, `-CELL`, `dice:L,H`), the cell on this
 *    board's size (`+i9` is refused here) and the dice a possible outcome
 *    (`dice:1,7` is refused here).
 *
 *  The text is the move text alone, as a position text is: blanks
 *  around it (space, tab, CR, LF; the newline of a line read with fgets())
 *  are refused with ::HERD_E_PARSE, and the message quotes the text and
 *  says "a move text has no blanks around it"; strip them first.
 *  @param text required.
 *  @param m    receives the move; required; untouched on failure.
 *  @return ::HERD_OK, ::HERD_E_PARSE or ::HERD_E_ARG (a NULL pointer: the
 *          message names it). */
HERD_API int herd_move_from_text(herd_game *g, const char *text, herd_move *m);

/**
 * Writes a human-readable board over several lines (free format, the `herd`
 * program's `show`): lines joined by newlines, none of them empty, and no
 * newline after the last one, in every game, so that a caller frames the text
 * as it likes. The last line says who acts, or, once the game has ended,
 * how: the sentence of herd_result_text(), whoever ended it. @p len as in
 * herd_position_to_text().
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written) or ::HERD_E_ARG.
 *         Sets no message; the code says why.
 */
HERD_API int herd_show(const herd_game *g, char *buf, size_t cap, size_t *len);

/** @} */

/* ------------------------------------------------------ chance events */

/** @addtogroup chance
 *  @{ */

/** Nonzero when the game waits for a chance event (the hex dice); 0 for a
 *  NULL handle. */
HERD_API int herd_is_chance(const herd_game *g);

/**
 * Lists the outcomes of the pending chance event and their probabilities
 * (which sum to one), each outcome once, in the same order.
 * @p probs may be NULL; when given, it has room for @p cap values, as
 * @p outcomes has. @p count (which may be NULL), @p cap and the return
 * values as in herd_legal_moves() (with ::HERD_E_BUFFER neither array is
 * written); ::HERD_E_STATE when no chance event waits (@p count untouched).
 */
HERD_API int herd_chance_outcomes(const herd_game *g, herd_move *outcomes, double *probs,
                                  size_t cap, size_t *count);

/** Draws the pending chance event's outcome with the game's own generator
 *  and plays it; @p m (may be NULL) receives the outcome.
 *  @return ::HERD_OK, ::HERD_E_STATE when no chance event waits,
 *          ::HERD_E_NOMEM (the undo history cannot grow), ::HERD_E_ARG
 *          (NULL); on error nothing changed, the generator included. */
HERD_API int herd_roll(herd_game *g, herd_move *m);

/** @} */

/* ---------------------------------------------------------- computers */

/** @addtogroup computers
 *  @{ */

/** The highest level that herd_genmove() takes for this game; level 1 is the
 *  simplest, and herd_level_name() names each one; 0 for a NULL handle. */
HERD_API int herd_max_level(const herd_game *g);

/**
 * Lets the game's computer player choose a move for the side to act,
 * with the game's own generator, which moves on; does not play it.
 * herd_hint() chooses the same without changing anything. The levels above
 * the simplest search (lib/ai/: alpha-beta or Monte Carlo tree search) within
 * a budget of nodes, so the same generator state and position give the same
 * choice on every machine; their memory comes from the handle's allocator.
 * @param level 0 for the game's default level (the strongest of its levels
 *              that need no memory: no search, no table), or
 *              1..herd_max_level().
 * @return ::HERD_OK, ::HERD_E_ARG (NULL @p g or @p m), ::HERD_E_RANGE (level),
 *         ::HERD_E_STATE (game over or a chance event waits: use
 *         herd_roll()), ::HERD_E_NOMEM (the memory of a search or of the
 *         game's solution table, see herd_solve(): the allocator failed, it
 *         needs more than herd_set_memory_limit() allows, or a game made by
 *         herd_copy_into(), which has none, asked for such a level),
 *         ::HERD_E_INTERRUPTED (a search stopped by herd_interrupt() or the
 *         progress handler); on error nothing changed.
 */
HERD_API int herd_genmove(herd_game *g, int level, herd_move *m);

/**
 * Lets the computer player choose as herd_genmove() does and plays the
 * choice; herd_undo() then takes back both the move and the generator's
 * draws. @p m (may be NULL) receives the move.
 * @return ::HERD_OK, ::HERD_E_RANGE (level), ::HERD_E_STATE (game over or a
 *         chance event waits), ::HERD_E_NOMEM (the undo history cannot
 *         grow, or as herd_genmove()), ::HERD_E_INTERRUPTED (as
 *         herd_genmove()), ::HERD_E_ARG (NULL @p g); on error nothing
 *         changed, the generator included.
 */
HERD_API int herd_play_genmove(herd_game *g, int level, herd_move *m);

/** No memory limit: the default of every handle (herd_set_memory_limit()). */
#define HERD_MEMORY_UNLIMITED SIZE_MAX

/** The level that asks herd_memory_needed() for the need of herd_solve(). */
#define HERD_MEMORY_SOLVE (-1)

/**
 * Sets the most bytes that the tables and work areas of @p g may hold at
 * once: the solution table the handle keeps (`hare`, and the `fox` table of
 * herd_fox_set_solve_limit()) together with the work area of the running
 * call (a search of herd_genmove(), herd_play_genmove() or herd_hint(), the
 * table that herd_solve() or the `perfect` level builds, herd_perft()'s).
 * A call whose need (herd_memory_needed()) is over it allocates nothing and
 * returns ::HERD_E_NOMEM, with a message that says what needs how much
 * (none for herd_hint(), a const call). The handle itself and its undo
 * history are not counted. Tables kept that hold more than the new limit
 * are freed at once (they are built again when a call within the limit
 * needs them). ::HERD_MEMORY_UNLIMITED, the default, sets no limit; a
 * clone (herd_clone()) and a copy (herd_copy_into()) take the limit of
 * their source. Hints that run at once each count their own work area
 * (@ref api_memory "Design notes: Memory").
 * @return ::HERD_OK, or ::HERD_E_ARG when @p g is NULL.
 */
HERD_API int herd_set_memory_limit(herd_game *g, size_t bytes);

/** The memory limit of @p g (herd_set_memory_limit()); ::HERD_MEMORY_UNLIMITED
 *  when none was set, 0 for a NULL handle. */
HERD_API size_t herd_memory_limit(const herd_game *g);

/**
 * The bytes that herd_genmove() at @p level would hold at its peak on the
 * current position, or herd_solve() for @p level ::HERD_MEMORY_SOLVE: the
 * tables the handle keeps, the tables it would build and its search's work
 * area, at the most at once; what herd_set_memory_limit() is compared
 * with. 0 for a level that allocates nothing (level 0, the game's own
 * players). herd_play_genmove() needs the same, and herd_hint() too but
 * where the handle keeps a `fox` table that does not hold the position
 * (a hint cannot free it: it builds one of its own beside it). A const
 * call: it writes no message.
 * @param bytes required; receives the need.
 * @return ::HERD_OK, ::HERD_E_ARG (NULL @p g or @p bytes), and the refusals
 *         of herd_genmove() (::HERD_E_RANGE, ::HERD_E_STATE) or, for
 *         ::HERD_MEMORY_SOLVE, ::HERD_E_UNSUPPORTED for a game that
 *         herd_solve() does not solve; on error @p bytes is untouched.
 */
HERD_API int herd_memory_needed(const herd_game *g, int level, size_t *bytes);

/** @} */

/* ------------------------------------------------------------- search */

/** @addtogroup search
 *  @{ */

/**
 * Counts the move sequences of length @p depth from here (chance outcomes
 * count as moves; an ended game has none; depth 0 counts 1).
 * Allocates one work area with the handle's allocator, within the memory
 * limit (herd_set_memory_limit(): with the tables the handle keeps).
 * A game made by herd_copy_into() has no allocator and answers ::HERD_E_NOMEM.
 * herd_interrupt() and the progress handler can stop it; its nodes, for
 * both, are the start and the positions two plies or more above the leaves
 * (the last two plies below each run as one short loop).
 * @return ::HERD_OK, ::HERD_E_ARG (NULL, or depth over 64), ::HERD_E_NOMEM,
 *         ::HERD_E_INTERRUPTED; on error @p nodes is untouched.
 */
HERD_API int herd_perft(herd_game *g, unsigned depth, uint64_t *nodes);

/* ------------------------------------------------- stopping long calls */

/**
 * Asks the long call running on @p g (herd_perft(), herd_playouts(), a
 * computer player that searches: herd_genmove(), herd_play_genmove(),
 * herd_hint(), and herd_solve() building a `fox` table) to stop:
 * it returns ::HERD_E_INTERRUPTED at its next node (herd_playouts(): at
 * its next look, see there), with the game unchanged, and the request is
 * then spent (when hints run on @p g in several threads at once, one
 * request stops one of them).
 * (The `hare` table takes milliseconds to build and is not stopped.)
 * A request made while no long call runs stops the next one at its start
 * (herd_playouts() with nothing to play too).
 *
 * Safe to call from another thread while @p g is in use, and from a signal
 * handler (it only sets a lock-free C11 atomic flag in the handle), as
 * SQLite's `sqlite3_interrupt()`. @p g must stay alive meanwhile. NULL is
 * harmless. Clones and copies do not inherit a pending request.
 */
HERD_API void herd_interrupt(herd_game *g);

/**
 * Installs a progress handler, as SQLite's `sqlite3_progress_handler()`:
 * during long calls on @p g (see herd_interrupt()), @p fn is called with
 * @p ud every @p every nodes (herd_playouts(): looks, see there), counted
 * from each call's start;
 * when it returns nonzero the call stops and returns ::HERD_E_INTERRUPTED,
 * with the game unchanged. The handler may not call the library on @p g but
 * for herd_interrupt(); hints that run on @p g in several threads at once
 * call it from each, so it must then be thread-safe. @p fn NULL or @p every
 * 0 removes the handler. Clones and copies start without one.
 * @return ::HERD_OK, or ::HERD_E_ARG when @p g is NULL.
 */
HERD_API int herd_set_progress(herd_game *g, int (*fn)(void *ud), void *ud, unsigned every);

/** Makes an independent copy of @p src, history included, with its own
 *  allocator @p alloc (NULL for malloc/free) and @p ud and @p src's memory
 *  limit (herd_set_memory_limit()), into @p out; it starts without a
 *  message, an interrupt request, a progress handler or the tables @p src
 *  keeps.
 *  @return ::HERD_OK, ::HERD_E_NOMEM, ::HERD_E_ARG (NULL @p src or @p out);
 *          on error @p out is untouched. Sets no message; the code says why. */
HERD_API int herd_clone(const herd_game *src, herd_alloc_fn alloc, void *ud, herd_game **out);

/**
 * The bytes that herd_copy_into() needs for a copy of @p g that keeps up to
 * @p history moves for undo; 0 when that does not fit in a size_t, and for
 * a NULL handle.
 */
HERD_API size_t herd_copy_size(const herd_game *g, size_t history);

/**
 * Copies the position of @p src into caller memory, for search without the
 * heap (copy-make) or for embedded callers. The copy starts with an empty
 * history; it keeps as many undo records as fit in @p size (see
 * herd_copy_size()), dropping the oldest when full, so a copy with room for
 * none plays on but cannot undo. It never allocates; herd_free() on it is
 * harmless and not needed.
 * @param mem  at least herd_copy_size(src, 0) bytes, aligned for any type,
 *             sharing no byte with @p src or its history.
 * @param size the bytes at @p mem that the copy may use: below
 *             herd_copy_size(src, 0) is ::HERD_E_NOMEM; herd_copy_size(src, N)
 *             keeps the last N moves for undo (bytes beyond a whole undo
 *             record are left unused).
 * @param out  receives the handle, which points into @p mem.
 * @return ::HERD_OK, ::HERD_E_NOMEM (too small), ::HERD_E_ARG (NULL,
 *         misaligned, or overlapping @p src or its history); on error
 *         nothing is written. Sets no message; the code says why.
 */
HERD_API int herd_copy_into(const herd_game *src, void *mem, size_t size, herd_game **out);

/**
 * Sets @p dst to the position of @p src without allocating: the fast path of
 * copy-make search. Both must be the same game; the board size is part of
 * the position and comes along. @p dst's history is cleared.
 * @return ::HERD_OK or ::HERD_E_ARG.
 */
HERD_API int herd_copy_position(herd_game *dst, const herd_game *src);

/** Nonzero when both games have the same position, side to act, status,
 *  generator state and computer-player memory (their histories, and the
 *  number of moves played, are not compared); 0 when either is NULL or
 *  they are different games. */
HERD_API int herd_same_position(const herd_game *a, const herd_game *b);

/** The bytes of one game's position state (what herd_copy_position()
 *  copies); 0 for a NULL handle. */
HERD_API size_t herd_state_size(const herd_game *g);

/** @} */

/* ---------------------------------------------------------- saved games */

/** @addtogroup saves
 *  @{ */

/** No save text (@ref save_format "the save format") of any game is longer
 *  than this, the NUL included. */
#define HERD_MAX_SAVE_TEXT 2048

/**
 * Writes a saved game: one line that herd_load() turns back into exactly
 * this game, so that playing on (herd_apply(), herd_play_genmove(),
 * herd_roll()) gives what this game would have given. It begins with the
 * game's name; @ref save_format "the save format" gives the rest: a version
 * tag, the move count, the generator's state, what the game keeps beside
 * its position (the creation seed and the computer player's memory of each
 * side's previous move) and the position text
 * (@ref protocol_games "defined on each game's page"). The undo history is not saved.
 * @p len as in herd_position_to_text().
 * @return ::HERD_OK, ::HERD_E_BUFFER (nothing written) or ::HERD_E_ARG.
 *         Sets no message; the code says why.
 */
HERD_API int herd_save(const herd_game *g, char *buf, size_t cap, size_t *len);

/**
 * Replaces the game with a saved game of the same game (herd_save()'s text).
 * Everything is checked before anything changes; clears the undo history.
 * @return ::HERD_OK; ::HERD_E_PARSE (malformed, a save of another game, or a
 *         format version this library does not read), ::HERD_E_POSITION (a
 *         state no game reaches: a position that breaks the rules'
 *         invariants, a generator state of all zeros, a remembered move
 *         that the position contradicts), ::HERD_E_ARG (NULL); the message
 *         names what is wrong, and on error the game is unchanged.
 */
HERD_API int herd_load(herd_game *g, const char *text);

/**
 * Creates a game from a saved game of any game: the game named by the save's
 * first word, then herd_load().
 * @param text  a save text (@ref save_format "the save format"), as
 *              herd_save() writes it.
 * @param alloc the allocator for this handle, NULL for malloc/free.
 * @param ud    passed to @p alloc unchanged.
 * @param out   receives the new handle; untouched on failure.
 * @param err   NULL, or receives the code and a message on failure.
 * @return ::HERD_OK, ::HERD_E_ARG, ::HERD_E_UNKNOWN (no such game),
 *         ::HERD_E_NOMEM, or herd_load()'s codes.
 */
HERD_API int herd_new_from_save(const char *text, herd_alloc_fn alloc, void *ud, herd_game **out,
                                herd_error *err);

/** @} */

/* ------------------------------------- hints, undo of a turn, levels */

/** @addtogroup playing
 *  @{ */

/**
 * The move that the computer player at @p level would choose now, without
 * playing it and without changing anything: not the position, not the
 * generator, not the history, not the last error message. The choice is made
 * on a copy of the game whose generator is the game's, so the hint is
 * exactly what herd_genmove() would answer at this moment. Works for every
 * game.
 *
 * A level that searches takes its work area from the handle's allocator
 * and is stopped by herd_interrupt() and the progress handler, as
 * herd_genmove() is; hints may run on one handle in several threads at once,
 * and then call these from each (see ::herd_alloc_fn). A level that plays
 * from the solution table (`hare`'s and `fox`'s `perfect`) uses the
 * handle's; a handle without one gets the table that the hint builds,
 * published with an atomic compare-and-swap, so that later calls use it
 * (when hints race, one publishes and the others free theirs). A `fox`
 * handle whose table does not hold the position (fewer geese) keeps it:
 * the hint builds one for the call beside it and frees it
 * (@ref api_memory "Design notes: Memory"). The memory limit (herd_set_memory_limit()) applies.
 * @param level 0 for the game's default level, or 1..herd_max_level().
 * @param m     receives the move.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL @p g or @p m); ::HERD_E_RANGE
 *         (@p level out of 0..herd_max_level()); ::HERD_E_STATE (the game is
 *         over, or a chance event waits: roll first); ::HERD_E_NOMEM (as
 *         herd_genmove(), the memory limit included); ::HERD_E_INTERRUPTED.
 *         Being const, it leaves no message: the code says what was wrong.
 */
HERD_API int herd_hint(const herd_game *g, int level, herd_move *m);

/**
 * Undo in a game against the computer: takes back moves until @p side is
 * at the start of its latest turn. It goes back over the moves played
 * since (the computer's reply), then over the run of moves that @p side
 * played in that turn (one move in most games; a roll, removals and
 * placements in `hex`), stopping where the move before was the other
 * side's or the history begins. At least one move is taken back, and
 * afterwards @p side is to act, never the computer. A game that its players
 * ended (herd_end()) has that ending taken back instead, alone, as
 * herd_undo() does. A generator's draws are
 * taken back with the moves, as herd_undo() does.
 * @param side the side whose turn to take back, 0 or 1 (the human player).
 * @return ::HERD_OK; ::HERD_E_ARG (NULL @p g, @p side not 0 or 1);
 *         ::HERD_E_STATE when the history holds no move played with
 *         @p side to act (nothing was played, or the history was cleared by
 *         herd_position_from_text()); on error nothing changed.
 */
HERD_API int herd_undo_turn(herd_game *g, int side);

/**
 * The name and a one-line description of a level of the game's computer
 * player, the description in players' words for choosing a level ("looks 5
 * moves ahead, weighing up to 50,000 positions"; @ref levels "Computer levels" has the
 * searches' own terms). Names have no spaces (the `herd` program's `levels` lists them):
 * level 1 of `horses` is `random` (the seed's computer player), level 1 of
 * `hex` is `greedy`.
 * @param level       1..herd_max_level(), or 0 for the game's default level.
 * @param name        receives a static string; may be NULL.
 * @param description receives a static string; may be NULL.
 * @return ::HERD_OK, ::HERD_E_ARG (NULL @p g) or ::HERD_E_RANGE (@p level);
 *         on error the out-parameters are untouched. Sets no message; the code says why.
 */
HERD_API int herd_level_name(const herd_game *g, int level, const char **name,
                             const char **description);

/** @} */

/* ------------------------------------------------------------ solving */

/** @addtogroup solving
 *  @{ */
/**
 * Solves the position exactly, for the games the library can solve
 * (`hare`, and `fox` endgames): the winner with perfect play of both sides,
 * and the number of moves to the end of the game when the winner hurries
 * (the fewest) and the loser delays (the most). An ended game answers its
 * winner and 0.
 *
 * The first call on a handle builds the game's table from the rules with
 * the handle's allocator (once per handle; herd_free() frees it; a clone
 * builds its own). The position and the generator do not change. `fox`
 * builds its table for positions with up to herd_fox_set_solve_limit()
 * geese (8 by default), as large as the largest position asked about (a
 * larger one later builds it again); the build can be stopped by
 * herd_interrupt() or the progress handler (docs/fox.md, "In a program").
 *
 * @param winner receives the winning side (0 or 1).
 * @param plies  receives the number of moves to the end.
 * @return ::HERD_OK; ::HERD_E_ARG (a NULL argument); ::HERD_E_UNSUPPORTED
 *         for a game the library does not solve (`horses`, `hex`,
 *         `flock`), a `fox` position with more geese than the limit, and a
 *         `fox` position with sideways steps that is not over (the table
 *         keeps who wins, not how soon: the message says who wins, or that
 *         it is a draw); ::HERD_E_NOMEM when the table cannot be allocated
 *         (a game made by herd_copy_into() has no allocator) or needs more
 *         than the memory limit (herd_set_memory_limit(); its need:
 *         herd_memory_needed() with ::HERD_MEMORY_SOLVE);
 *         ::HERD_E_INTERRUPTED when the build was stopped. The outputs are
 *         untouched on error.
 */
HERD_API int herd_solve(herd_game *g, int *winner, unsigned *plies);

/** @} */

/* --------------------------------------------------------- learning */

/** @addtogroup learning
 *  @{ */

/** No game's action space is larger (`horses` on 30 x 20: 8 x 30 x 20). */
#define HERD_MAX_ACTIONS 4800

/** No game's observation has more floats (`hex` of side 13: 11 x 25 x 25). */
#define HERD_MAX_OBSERVATION 6875

/** The number of actions N of the game's action space (depends on the
 *  options only); 0 for a NULL handle. */
HERD_API size_t herd_num_actions(const herd_game *g);

/**
 * The action of a move: its number in the game's action space.
 * @param m      a move of this game; it need not be legal now.
 * @param action receives its number, below herd_num_actions(); required.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL, or @p m is no move of the space:
 *         a value of another game, a cell off the board, a step along no
 *         line); on error @p action is untouched. Sets no message; the code says why.
 */
HERD_API int herd_move_to_action(const herd_game *g, herd_move m, size_t *action);

/**
 * The move that an action (a number of the game's action space) stands
 * for: the inverse of herd_move_to_action(). Every number below
 * herd_num_actions() has one, also those whose move is never legal on this
 * board.
 * @param m receives the move; required.
 * @return ::HERD_OK; ::HERD_E_RANGE (@p action >= herd_num_actions());
 *         ::HERD_E_ARG (NULL); on error @p m is untouched. Sets no message; the code says why.
 */
HERD_API int herd_action_to_move(const herd_game *g, size_t action, herd_move *m);

/** herd_move_to_action() under its 0.x name.
 *  @deprecated Use herd_move_to_action(); the name stays until version 2.0. */
#define herd_action_index herd_move_to_action

/** herd_action_to_move() under its 0.x name.
 *  @deprecated Use herd_action_to_move(); the name stays until version 2.0. */
#define herd_action_move herd_action_to_move

/**
 * The legal actions (at a chance event: its outcomes) as a mask over the
 * action space: @p mask[i] is 1 when action i is legal now, else 0; all 0
 * once the game is over.
 * @param mask receives herd_num_actions() bytes; may be NULL when @p cap is 0.
 * @param cap  the bytes at @p mask.
 * @param len  receives herd_num_actions(), the bytes written or, on
 *             ::HERD_E_BUFFER, needed; may be NULL.
 * @return ::HERD_OK; ::HERD_E_BUFFER (@p cap < herd_num_actions(), nothing
 *         written); ::HERD_E_ARG (NULL @p g, or NULL @p mask with a nonzero
 *         @p cap). Sets no message; the code says why.
 */
HERD_API int herd_legal_mask(const herd_game *g, unsigned char *mask, size_t cap, size_t *len);

/**
 * The numbers of the legal actions (at a chance event: of its outcomes),
 * in ascending order, as OpenSpiel lists them.
 * @param buf   receives up to @p cap numbers; may be NULL when @p cap is 0.
 * @param count receives their count, also when @p cap is too small; may be
 *              NULL.
 * @return ::HERD_OK; ::HERD_E_BUFFER (@p cap below the count, @p buf
 *         untouched); ::HERD_E_ARG (NULL @p g, or NULL @p buf with a
 *         nonzero @p cap). Sets no message; the code says why.
 */
HERD_API int herd_legal_actions(const herd_game *g, size_t *buf, size_t cap, size_t *count);

/**
 * Plays the move of action @p action, checked as herd_apply() checks it
 * (a move that is never legal on this board is refused as illegal).
 * @return herd_apply()'s codes, and ::HERD_E_RANGE (@p action >=
 *         herd_num_actions(); the message gives the range); on error
 *         nothing changed.
 */
HERD_API int herd_apply_action(herd_game *g, size_t action);

/**
 * The shape of the game's observation: planes x rows x columns (depends on
 * the options only). Each game's page draws its planes.
 * @param shape receives the planes, the rows and the columns.
 * @return ::HERD_OK or ::HERD_E_ARG (NULL); on error @p shape is untouched.
 *         Sets no message; the code says why.
 */
HERD_API int herd_observation_shape(const herd_game *g, size_t shape[3]);

/**
 * The observation of the position from @p side's point of view: planes x
 * rows x columns floats, plane by plane, each row by row (C order). Every
 * game's first two planes are @p side's pieces and the other side's (1.0
 * on a cell that holds one, else 0.0); the board is never turned, so that
 * a cell is the same cell from both sides, as the action space's cells
 * are. The other planes give whether @p side is to act (all 1.0, else all
 * 0.0, and all 0.0 once the game is over) and each game's own state, a
 * number as a plane of one value.
 * @param side the side whose point of view, 0 or 1.
 * @param buf  receives the floats; may be NULL when @p cap is 0.
 * @param cap  the floats at @p buf.
 * @param len  receives planes x rows x columns, the floats written or, on
 *             ::HERD_E_BUFFER, needed; may be NULL.
 * @return ::HERD_OK; ::HERD_E_BUFFER (@p cap below planes x rows x
 *         columns, nothing written); ::HERD_E_ARG (NULL @p g, NULL @p buf
 *         with a nonzero @p cap, @p side not 0 or 1). Sets no message; the code says why.
 */
HERD_API int herd_observation(const herd_game *g, int side, float *buf, size_t cap, size_t *len);

/** herd_playouts()'s level for uniformly random moves: each legal move
 *  equally likely, and chance outcomes by their probabilities. */
#define HERD_PLAYOUT_RANDOM (-1)

/** The version of ::herd_playout_result that these headers define. */
#define HERD_PLAYOUT_RESULT_VERSION 1

/** What herd_playouts() counts. Start from ::HERD_PLAYOUT_RESULT_INIT, so
 *  that `version` is set: a later version may add fields at the end, and the
 *  library writes only those of the version given
 *  (@ref api_structs "Design notes: Structs that grow"). */
typedef struct herd_playout_result {
    unsigned version;    /**< ::HERD_PLAYOUT_RESULT_VERSION. */
    uint64_t games;      /**< The games played. */
    uint64_t wins[2];    /**< The games that side 0 and side 1 won. */
    uint64_t draws;      /**< The games drawn. */
    uint64_t unfinished; /**< The games stopped at the length limit. */
    uint64_t actions;    /**< The moves of all games together, chance outcomes included. */
    double mean_length;  /**< actions / games; 0 when no game was played. */
} herd_playout_result;

/** An empty ::herd_playout_result of this version, for herd_playouts(). */
#define HERD_PLAYOUT_RESULT_INIT                           \
    {                                                      \
        HERD_PLAYOUT_RESULT_VERSION, 0, {0, 0}, 0, 0, 0, 0 \
    }

/**
 * Plays @p games games from the current position to their end, without
 * changing the game (const: the position, the generator and the history
 * stay as they are). Both sides play at @p level, and chance events are
 * drawn by their probabilities, each game with a generator of the game's
 * own kind seeded from @p seed and the game's number: the same position,
 * level and seed give the same games on every machine, and the first k
 * games of a call are those of a call for k games. A game that has ended
 * answers at once, whatever @p games: its result counted @p games times,
 * with length 0 (a game abandoned by its players, ::HERD_OVER: unfinished).
 *
 * herd_interrupt() and the progress handler stop it, as they stop
 * herd_perft(): they are looked at when each game starts and every 1,024
 * moves within it, so that one game that never ends is stopped too, and
 * once by a call with nothing to play, which so spends a pending request
 * rather than leave it to stop the next call.
 * @param games      how many games.
 * @param level      ::HERD_PLAYOUT_RANDOM (uniformly random moves), 0
 *                   for the game's default level, or a level of
 *                   1..herd_max_level() whose player needs no memory (the
 *                   game's own players, not the searches nor the solved
 *                   table: herd_level_name() describes them).
 * @param seed       seeds the games' generators.
 * @param max_length the most moves of a game (chance outcomes included),
 *                   0 for no limit; a game stopped there counts in
 *                   herd_playout_result::unfinished. Games without a move
 *                   limit can go on for ever and need one: `horses` (a herd
 *                   may shuffle back and forth), `hex` (a turn may take off
 *                   as many stones as it puts on, so the board need never
 *                   fill) and `fox` with `sideways=1`. `hare` (the stalling
 *                   rule), `flock` (100 moves) and `fox` without sideways
 *                   always end.
 * @param out        receives the counts: the fields of its `version`
 *                   (::HERD_PLAYOUT_RESULT_INIT sets it), nothing past them.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL, or a `version` of @p out this
 *         library does not know); ::HERD_E_RANGE (@p level out of
 *         range); ::HERD_E_UNSUPPORTED (a level that searches or plays from
 *         a table); ::HERD_E_INTERRUPTED. Being const, it leaves no message;
 *         on error @p out is untouched.
 */
HERD_API int herd_playouts(const herd_game *g, uint64_t games, int level, uint64_t seed,
                           uint32_t max_length, herd_playout_result *out);

/** @} */
#ifdef __cplusplus
}
#endif

#endif /* HERD_HERD_H */
