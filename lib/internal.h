/* The library's internal contract: what the generic core (game.c and its
 * rooms) needs from each game, and what a game may use of the core. The
 * shared helpers have headers of their own (rng.h, text.h, options.h,
 * grid.h); nothing here is public. */
#ifndef HERD_INTERNAL_H
#define HERD_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "herd/herd.h"
#include "options.h"
#include "rng.h"
#include "text.h"

/* Reports through `len` what a buffer call wrote or, on HERD_E_BUFFER, needs;
 * a caller that does not want it passes NULL (docs/api.md, "Buffers"). */
static inline void herd_set_len(size_t *len, size_t n)
{
    if (len)
        *len = n;
}

/* malloc, realloc and free as a herd_alloc_fn: what a NULL allocator means. */
void *herdi_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size);

/* -------------------------------------------------------------- state */

/* Every game's state struct starts with this header, so the core can read
 * the status, the generator and the creation seed of any game. A game's
 * whole state is plain bytes: copying it with memcpy copies the position. */
typedef struct herd_head {
    herd_rng rng;
    uint64_t seed;  /* the creation seed (the `seed` option; a position text keeps it) */
    uint32_t ply;   /* actions played since the start or the last `set` */
    uint8_t side;   /* side to act while ongoing */
    uint8_t result; /* herd_result */
    int8_t winner;  /* winning side, -1 for none */
    uint8_t reason; /* herd_reason */
} herd_head;

/* The status setters: inline here so that a game sets its own head without
 * calling up into the core. */
static inline void herd_head_set_win(herd_head *h, int winner, herd_reason reason)
{
    h->result = HERD_WIN;
    h->winner = (int8_t)winner;
    h->reason = (uint8_t)reason;
}

static inline void herd_head_set_draw(herd_head *h, herd_reason reason)
{
    h->result = HERD_DRAW;
    h->winner = -1;
    h->reason = (uint8_t)reason;
}

static inline void herd_head_set_ongoing(herd_head *h, int side)
{
    h->result = HERD_ONGOING;
    h->side = (uint8_t)side;
    h->winner = -1;
    h->reason = HERD_REASON_NONE;
}

/* -------------------------------------------------------------- rules */

/* How a computer level chooses its action (lib/ai/ has the searches). */
typedef enum herd_level_kind {
    HERD_LEVEL_OWN,       /* the game's own genmove() */
    HERD_LEVEL_ALPHABETA, /* alpha-beta to `depth` plies within `budget` nodes */
    HERD_LEVEL_MCTS,      /* UCT with `budget` playouts, or work (`depth`: lib/ai/mcts.c) */
    HERD_LEVEL_SOLVED     /* perfect play from the solution table: table_genmove() */
} herd_level_kind;

/* One computer level of a game. */
typedef struct herd_level {
    const char *name;        /* one word, for the protocol's `levels` */
    const char *description; /* one line */
    herd_level_kind kind;
    unsigned depth;  /* alpha-beta: the deepest iteration; MCTS: 0, or a playout's least work */
    uint32_t budget; /* alpha-beta: nodes; MCTS: playouts, or work where `depth` is set */
    /* Which of the game's evaluations scores this level's leaves, passed
     * to herd_rules.evaluate (the one hook): 0, the game's plain one; a game
     * that weighs more for some level names its other values. */
    unsigned eval;
} herd_level;

struct herd_search; /* lib/ai/search.h */

/* a + b, or SIZE_MAX when the sum does not fit. */
static inline size_t herd_bytes_add(size_t a, size_t b)
{
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* What a call holds of a game's own table (herd_solver.need), in
 * bytes: at most `build` while it builds one (0: it builds none), any table
 * kept meanwhile included, then `kept` while it reads from it; `searches`
 * when choose() then searches too. `what` names the table it builds,
 * for a refusal ("the fox table for 8 geese"). */
typedef struct herd_table_need {
    size_t build, kept;
    int searches;
    char what[64];
} herd_table_need;

/* The optional parts of a game's rules (herd_rules below). Each part comes
 * whole or not at all: a game gives every member of a part it gives, and
 * herdi_rules_check() says so of every game of the registry. */

/* Faster search (perft and alpha-beta) where a game can leave work for
 * later; a game without it is searched through play() and legal(). */
typedef struct herd_fast_rules {
    /* As play(), but may leave the status ongoing where the side to move
     * has no move, since legal() lists none there anyway; saves that test
     * on every node. A game with nothing to save names its play(). */
    void (*search_play)(void *state, herd_move m);
    /* As legal(), on a state that search_play() made and that is about to
     * be copied into its children, so that it may first finish, once for
     * all of them, work that search_play() left for later
     * (HERD_SEARCH_LEGAL names legal() for a game that leaves none). */
    size_t (*search_legal)(void *state, herd_move *buf);
    /* The leaves two plies below `state`, whose n moves are in `moves`,
     * each child made in `child`: perft's last two plies with the game's
     * own search_play and count called directly, which the compiler may
     * then inline (HERD_PERFT_TWO_PLIES defines it). */
    uint64_t (*perft_two)(const void *state, const herd_move *moves, size_t n, void *child);
} herd_fast_rules;

/* For a game whose generator walks every point of a large board (hex):
 * its actions drawn and listed without the list. */
typedef struct herd_sparse_rules {
    /* legal()'s action number k (k below count()), without listing the
     * others: a uniformly random playout's step. */
    herd_move (*nth_legal)(const void *state, size_t k);
    /* For a game whose legal_indices() run in ascending order: the same
     * actions as a bit set over the space (action i is bit i % 64 of word
     * i / 64), every one of the (N + 63) / 64 words written; returns the
     * count. A batch keeps this instead of the list: a few words to write
     * at each step, its masks' rows spread from them and its random action
     * the k-th bit, legal()'s k-th. */
    size_t (*legal_bits)(const void *state, uint64_t *bits);
} herd_sparse_rules;

/* Undo records smaller than a whole state, for a game whose state is large
 * and whose action changes little of it (hex); without them the history
 * records the whole state. A record is `size` bytes and begins with a copy
 * of the head, whose side the core reads (herd_history_side(),
 * herd_undo_turn()). record() writes, from the state before the action m,
 * what play() needs to take m back; it runs before m is checked (the
 * record of a refused m is dropped), so it must read only what exists for
 * any m. It returns whether that state waits for a chance event
 * (herd_history_side() tells it). play() turns the state after m (as
 * apply() left it) back into the one before, byte for byte. */
typedef struct herd_undo_rules {
    size_t size;
    int (*record)(const void *state, herd_move m, void *record);
    void (*play)(void *state, const void *record, herd_move m);
} herd_undo_rules;

/* Saved games (herd_save(), docs/save.md): what a game keeps beside its
 * position that the position text does not carry (the computer player's
 * memory, a creation seed), as ` KEY=VALUE` fields. write() appends them;
 * read() reads them back from the cursor into a state that already holds
 * the saved position, checks them against it, and leaves the cursor after
 * the last field (the core discards the state on refusal). */
typedef struct herd_save_rules {
    void (*write)(const void *state, herd_sb *sb);
    int (*read)(void *state, herd_scan *sc, herd_msg msg);
} herd_save_rules;

/* Exact solving (herd_solve()) and the levels of kind HERD_LEVEL_SOLVED,
 * one protocol for every solved game. The core allocates `size` bytes, the
 * handle's table, with the handle's allocator on first use, once per
 * handle, has init() fill them from the rules alone, and frees them with
 * the handle. A game whose whole table fits there (hare) builds it in
 * init(); one whose table is too large to build unasked (fox) keeps there
 * only its settings of it (init() sets their defaults) and builds the
 * table itself into them when a position needs it, with fill(). */
typedef struct herd_solver {
    size_t size;
    void (*init)(void *table);
    /* Makes the table cover the position: builds it with the allocator,
     * asking stop(stop_ctx) now and then (nonzero stops it:
     * HERD_E_INTERRUPTED), and may refuse a position beyond its reach
     * (HERD_E_UNSUPPORTED, for `solving`; for play it then builds nothing
     * and answers HERD_OK). A game whose table init() built answers
     * HERD_OK. */
    int (*fill)(void *table, const void *state, int solving, herd_alloc_fn alloc, void *ud,
                int (*stop)(void *ctx), void *stop_ctx, herd_msg msg);
    /* Frees what fill() built, before the core frees the bytes, or when
     * the memory limit falls below what the handle holds; returns nonzero
     * when the bytes themselves are the table (hare), which the core then
     * frees too, so that a lower limit drops it. */
    int (*free)(void *table);
    /* For the memory limit (herd_memory_needed()): the bytes that fill()
     * built into the settings `table` (0 for none), and what a call would
     * hold of it: need() fills `need` for the position, for `solving` or
     * for play (then choose() follows), from the settings `table` (NULL:
     * none yet, the defaults). A call that `replaces` (a non-const one)
     * frees a table that does not cover the position before it builds
     * another; a hint keeps it meanwhile. */
    size_t (*bytes)(const void *table);
    void (*need)(const void *table, const void *state, int solving, int replaces,
                 struct herd_table_need *need);
    /* Answers herd_solve(): the winner with perfect play and the actions
     * to the end (winner hurrying, loser delaying); may refuse (message in
     * msg). */
    int (*solve)(const void *state, const void *table, int *winner, unsigned *plies,
                 herd_msg msg);
    /* The player of the levels of kind HERD_LEVEL_SOLVED, with the search
     * `s` to fall back on (its generator s->rng is the one to draw from)
     * and the handle's table (a hint has it made and published first);
     * called by a hint, it may publish the table it builds into the
     * settings atomically, as the core publishes the settings (players.c,
     * shared_table()), and otherwise frees it. It returns as
     * herdi_search_alphabeta() does. */
    int (*choose)(struct herd_search *s, void *state, const void *table, const herd_level *level,
                  herd_move *m);
} herd_solver;

/* fill, free, bytes and need for a solver whose init() builds the whole
 * table in its bytes (hare): nothing to build for a position, the bytes
 * themselves to free, nothing held beside them. */
int herdi_whole_table_fill(void *table, const void *state, int solving, herd_alloc_fn alloc,
                           void *ud, int (*stop)(void *ctx), void *stop_ctx, herd_msg msg);
int herdi_whole_table_free(void *table);
size_t herdi_whole_table_bytes(const void *table);
void herdi_whole_table_need(const void *table, const void *state, int solving, int replaces,
                            struct herd_table_need *need);

/* What a game gives the core: a required core of functions, every one
 * given, and the optional parts above, each NULL or whole. `state` always
 * points to the game's own state struct, which starts with a herd_head.
 * Every function that can refuse checks everything before it changes
 * anything. herdi_rules_check() checks a game's rules against this. */
typedef struct herd_rules {
    /* The public description (the registry's entry): name, sides, options,
     * level count and default, bounds. The first member, so that the core
     * finds the rules of a description. */
    herd_game_desc desc;
    size_t state_size;

    /* Sets up a new game from the checked options (in desc's order). The
     * core has zeroed the state and seeded the head's generator from the
     * `seed` option (head.seed holds it); init sets the rest, the status
     * included. */
    int (*init)(void *state, const herd_option_values *opt, herd_msg msg);
    /* The options the game was made with, as init() was given them (the
     * seed's is the core's: head.seed), for herd_game_options_text(). */
    void (*options_of)(const void *state, herd_option_values *opt);
    /* Writes every legal action (none when the game is over) into buf,
     * which has room for desc.max_moves, and returns the count. */
    size_t (*legal)(const void *state, herd_move *buf);
    /* The number legal() would return, without writing the moves
     * (perft's last ply, a playout's draw). */
    size_t (*count)(const void *state);
    /* Checks the action fully, then plays it and updates the head's
     * status. On refusal the state is untouched. */
    int (*apply)(void *state, herd_move m, herd_msg msg);
    /* Plays an action known to be legal (one that legal() listed) without
     * the checks, status included. */
    void (*play)(void *state, herd_move m);
    /* Position text, as protocol.md. */
    void (*write_position)(const void *state, herd_sb *sb);
    /* Reads a position text, checks the invariants and sets the status.
     * `state` is a fresh state, zeroed but for the generator it keeps; the
     * core copies it over the game only when this returns HERD_OK. */
    int (*read_position)(void *state, const char *text, herd_msg msg);
    /* Action text. Returns HERD_E_ARG for an action not of this game. */
    int (*write_move)(const void *state, herd_move m, herd_sb *sb);
    int (*read_move)(const void *state, const char *text, herd_move *m, herd_msg msg);
    /* A human-readable board: lines each ended by a newline, none of them
     * empty, then, while the game goes on, one line without a newline that
     * says who acts. The core ends an ended game's with the sentence of
     * herdi_write_result(), the one place that says endings, so that no
     * line ends with a newline (the protocol ends an answer with an empty
     * line). */
    void (*show)(const void *state, herd_sb *sb);
    /* Chooses an action for the side to act (the game is ongoing and no
     * chance event waits) with the head's generator. */
    herd_move (*genmove)(void *state, int level);

    /* What the searches of lib/ai/ need. The computer levels, from 1 (the
     * simplest) upward; desc.level_count is their count. */
    const herd_level *levels;
    /* A Zobrist-style hash of the position (herdi_zobrist keys): what decides
     * the game from here, not the generator nor the creation seed. */
    uint64_t (*hash)(const void *state);
    /* How good the position is for the side to act, roughly -1000..1000:
     * the searches' leaves, and the one place a level's judgement is made.
     * `eval` is the level's choice among the game's evaluations
     * (herd_level.eval, 0 for the plain one); `table` is the solution
     * table the level reads (herd_search.table: a solved level's search
     * scores the positions it holds by their values), NULL for none. */
    int (*evaluate)(const void *state, unsigned eval, const void *table);

    /* For learning (actions.c, herd.h's group "Actions, observations and
     * playouts"): a fixed action space and an observation, both depending
     * on the game's options (its board) only, never on the position. The
     * number of actions N: */
    size_t (*num_actions)(const void *state);
    /* The index 0..N-1 of an action of the space, HERD_E_ARG for a value
     * that is none (action_move() never gives it). */
    int (*action_index)(const void *state, herd_move m, size_t *index);
    /* The action of index i < N; action_index() gives i back. */
    herd_move (*action_move)(const void *state, size_t index);
    /* The observation's planes, rows and columns. */
    void (*observation_shape)(const void *state, size_t shape[3]);
    /* Fills the observation from `side`'s point of view into `planes`
     * (the shape above, zeroed by the core). */
    void (*observe)(const void *state, int side, float *planes);
    /* Optional: the indices of the actions legal() writes, in its order,
     * into buf (room for desc.max_moves, which it may use past the count);
     * returns the count. What masks and batches need at every step, from
     * the generator instead of an action_index() per move. NULL: legal(),
     * then action_index() (or a batch's table) for each move. */
    size_t (*legal_indices)(const void *state, uint16_t *buf);

    /* Chance events, both NULL and 0 for games without them (desc.has_chance
     * says which): returns the number of outcomes (0 when none waits), each
     * with a weight out of chance_total. With buf and weights NULL it only
     * counts them: whether one waits, the test of every action of a
     * playout. */
    size_t (*chance)(const void *state, herd_move *buf, uint32_t *weights);
    uint32_t chance_total;
    /* Optional, for a game that can go round in circles for ever: whether
     * an action of the side to act undoes its previous one (horses:
     * straight back). Alpha-beta counts such an action a little worse at
     * the root, and one into a position the game has already stood in (its
     * history) worse by as much again each time it stood there, so that it
     * tries a new plan before going round again: two searching herds used
     * to shuffle for ever. A game with it keeps whole states in its history
     * (no undo below), which the count reads. */
    int (*repeats)(const void *state, herd_move m);

    /* The optional parts, each NULL or whole (above). */
    const herd_fast_rules *fast;
    const herd_sparse_rules *sparse;
    const herd_undo_rules *undo;
    const herd_save_rules *save;
    const herd_solver *solver; /* with desc.solvable, or a level of kind HERD_LEVEL_SOLVED */
} herd_rules;

/* Defines `static size_t name(void *state, herd_move *buf)`, a game's
 * search_legal that only lists, on its legal function. */
#define HERD_SEARCH_LEGAL(name, legal)                  \
    static size_t name(void *state, herd_move *buf) \
    {                                                   \
        return legal(state, buf);                       \
    }

/* Checks a game's rules against the contract above: every function of the
 * core given, every optional part whole, the description consistent with
 * them (chance, solving, levels, the seed option last, the state's size
 * within HERD_MAX_STATE_SIZE). HERD_OK, or HERD_E_ARG with msg naming the
 * first fault ("hex: undo.play is missing"). The registry's test runs it on
 * every game. */
int herdi_rules_check(const herd_rules *r, herd_msg msg);

/* No game's state is larger: herd_load() and herd_hint() work on a copy on
 * the stack (each game asserts that its state fits). */
#define HERD_MAX_STATE_SIZE 4096

/* No game's chance event has more outcomes (herdi_rules_check(): at most
 * chance_total, each with a weight of at least 1): the size of the arrays
 * that hold them, on the stack (docs/api.md, "Threads"). */
#define HERD_MAX_OUTCOMES 64

/* The `seed` option that every game has, the last of its options. */
#define HERD_SEED_OPTION                                                          \
    {                                                                             \
        "seed", HERD_OPTION_RANGE, 0, UINT64_MAX, NULL, 0, 0, NULL,               \
            "seeds the game's generator, from which every random choice is drawn" \
    }

/* The description's level count, from a game's levels array. */
#define HERD_LEVEL_COUNT(levels) ((int)(sizeof levels / sizeof levels[0]))

/* The games, in the registry's order (games.c). */
extern const herd_rules *const herdi_all_rules[];
extern const size_t herdi_rules_count;

/* The rules whose description this is (herd_game_desc_find() gives one
 * by name), NULL for a pointer that is none. */
const herd_rules *herdi_rules_of(const herd_game_desc *desc);

/* The state of a handle, for the typed functions of a game's header:
 * NULL when g is NULL or of another kind. */
const void *herdi_game_state(const herd_game *g, herd_kind kind);

/* The whole state from before the history's i-th action (from the oldest),
 * for the typed functions of a game that records whole states (no
 * undo_record): NULL when g is NULL, of another kind, or i is past the
 * history. */
const void *herdi_history_state(const herd_game *g, herd_kind kind, size_t i);

/* The settings of a handle's solution table (rules.solve_table_size bytes,
 * made on first use), for the typed functions of a game whose table_fill
 * reads them: NULL when g is NULL or of another kind, and when they cannot
 * be allocated (message in g). */
void *herdi_game_table(herd_game *g, herd_kind kind);

/* The same settings for reading, where a const call needs them: NULL also
 * while they have not been made (the game's defaults hold then). */
const void *herdi_game_table_made(const herd_game *g, herd_kind kind);

/* The handle's message, for the typed functions of a game's header to
 * tell what they refused (herd_last_error()). */
herd_msg herdi_game_message(herd_game *g);

/* The rules of the game named `game` and its options text read (not yet
 * checked against their ranges): herd_new()'s first step, with its
 * refusals ("unknown game 'x'", a malformed option) in err. */
int herdi_game_options(const char *game, const char *options, const herd_rules **rules,
                       herd_options *opt, herd_error *err);

/* The bytes of a handle of these rules without history (herd_copy_size()'s
 * with none). */
size_t herdi_game_handle_size(const herd_rules *rules);

/* A game of the rules holding a copy of `state` in caller memory `mem`
 * (herdi_game_handle_size() bytes, aligned for max_align_t): no allocator
 * and no history, as herd_copy_into() makes one. */
herd_game *herdi_game_place(const herd_rules *rules, const void *state, void *mem);

/* Creates a game of the given rules from the options as given (herd_new()'s
 * work once the game is known, and the typed creation functions'). */
int herdi_game_create(const herd_rules *rules, const herd_options *opt, herd_alloc_fn alloc,
                      void *ud, herd_game **out, herd_error *err);

/* The versions of a public struct that a caller fills or the library
 * writes (the typed options, herd_playout_result): each begins with
 * `unsigned version`, and size[v - 1] is the size of version v, 1..count. A
 * field added at the end makes the size of the version before it
 * offsetof(type, field), which never reaches past that version's struct. */
typedef struct herd_versions {
    const char *type; /* "herd_horses_options", for messages */
    const size_t *size;
    unsigned count; /* the version of these headers */
} herd_versions;

/* Defines `name`, the versions of `type`, from one size a version. */
#define HERD_VERSIONS(name, type, current, ...)                             \
    static const size_t name##_size[] = {__VA_ARGS__};                      \
    _Static_assert(sizeof name##_size / sizeof name##_size[0] == (current), \
                   #type ": one size a version");                           \
    static const herd_versions name = {#type, name##_size, (current)}

/* Perft's last two plies, written once: the leaves under each of the n
 * moves of `state` (copied into `child`, `size` bytes, and played there),
 * counted. perft_rec() runs it with the rules' functions; a game's
 * perft_two runs it with its own (HERD_PERFT_TWO_PLIES), known when
 * compiling, as is its state's size. */
static inline uint64_t herd_perft_two_plies(const void *state, const herd_move *moves, size_t n,
                                            void *child, size_t size,
                                            void (*play)(void *state, herd_move m),
                                            size_t (*count)(const void *state))
{
    uint64_t total = 0;
    for (size_t i = 0; i < n; i++) {
        memcpy(child, state, size);
        play(child, moves[i]);
        total += count(child);
    }
    return total;
}

/* Defines `static uint64_t name(...)`, a game's perft_two, on its state
 * type and its play and count functions. */
#define HERD_PERFT_TWO_PLIES(name, state_type, play, count)                                   \
    static uint64_t name(const void *state, const herd_move *moves, size_t n, void *child)    \
    {                                                                                         \
        return herd_perft_two_plies(state, moves, n, child, sizeof(state_type), play, count); \
    }

/* A game's typed options struct (herd_GAME_options of its header), one
 * row a field in the order of the description's options (the seed last):
 * its key, where it lies and what it holds. The game's typed calls are
 * made from it (HERD_TYPED_CALLS). */
typedef enum herd_field_kind {
    HERD_FIELD_INT, /* an int: a range or a choice */
    HERD_FIELD_U64, /* a uint64_t: the seed */
    HERD_FIELD_CELL /* a herd_cell: a point */
} herd_field_kind;

typedef struct herd_typed_field {
    const char *key;
    size_t offset;
    herd_field_kind kind;
} herd_typed_field;

#define HERD_TYPED_MAX_BYTES 64 /* no typed options struct is larger */

typedef struct herd_typed_options {
    const herd_rules *rules;
    const herd_versions *versions;
    const void *defaults; /* the struct's _INIT, its current version */
    const herd_typed_field *fields;
    size_t count;
} herd_typed_options;

/* herd_GAME_options_init(), herd_GAME_new() and herd_GAME_options_of() of
 * any game, from its table. */
int herdi_typed_init(const herd_typed_options *t, void *opt, unsigned version);
int herdi_typed_new(const herd_typed_options *t, const void *opt, herd_alloc_fn alloc, void *ud,
                    herd_game **out, herd_error *err);
int herdi_typed_of(const herd_typed_options *t, const herd_game *g, void *opt);

/* Defines the typed calls of the header of `game` (herd_GAME_options_init(),
 * herd_GAME_default_options(), herd_GAME_new(), herd_GAME_options_of())
 * from its table of fields `game##_fields`, the versions `game##_versions`
 * (HERD_VERSIONS) and the struct's initializer `init` (its _INIT). */
#define HERD_TYPED_CALLS(game, init)                                                        \
    _Static_assert(sizeof(herd_##game##_options) <= HERD_TYPED_MAX_BYTES, "too large");     \
    static const herd_##game##_options game##_defaults = init;                              \
    static const herd_typed_options game##_typed = {                                        \
        &herdi_##game##_rules, &game##_versions, &game##_defaults, game##_fields,           \
        sizeof game##_fields / sizeof game##_fields[0]};                                    \
    int herd_##game##_options_init(herd_##game##_options *opt, unsigned version)            \
    {                                                                                       \
        return herdi_typed_init(&game##_typed, opt, version);                               \
    }                                                                                       \
    void herd_##game##_default_options(herd_##game##_options *opt)                          \
    {                                                                                       \
        herd_##game##_options_init(opt, 1); /* its callers' structs are version 1 */        \
    }                                                                                       \
    int herd_##game##_new(const herd_##game##_options *opt, herd_alloc_fn alloc, void *ud, \
                          herd_game **out, herd_error *err)                                 \
    {                                                                                       \
        return herdi_typed_new(&game##_typed, opt, alloc, ud, out, err);                    \
    }                                                                                       \
    int herd_##game##_options_of(const herd_game *g, herd_##game##_options *opt)           \
    {                                                                                       \
        return herdi_typed_of(&game##_typed, g, opt);                                       \
    }

/* The bytes of the caller's struct s, by its version; 0 for a version this
 * library does not know. */
size_t herdi_version_size(const herd_versions *v, const void *s);

/* Reads a caller's struct into full, which holds the defaults: the fields of
 * its version, the later ones left as they are. HERD_E_ARG, with err set
 * (it may be NULL), for a version this library does not know. */
int herdi_versioned_read(void *full, const void *given, const herd_versions *v, herd_error *err);

/* Writes the fields of version `version` of full into dst, its version field
 * included, and nothing past them. HERD_E_ARG, nothing written, for a version
 * this library does not know. */
int herdi_versioned_write(void *dst, const void *full, unsigned version, const herd_versions *v);

#endif /* HERD_INTERNAL_H */
