/* The library's internal interface: what the generic core (game.c) needs
 * from each game, and the shared helpers (rng.c, text.c). Nothing here is
 * public. */
#ifndef HERD_INTERNAL_H
#define HERD_INTERNAL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "herd/herd.h"

/* malloc, realloc and free as a herd_alloc_fn: what a NULL allocator means. */
void *herd_default_alloc(void *ud, void *ptr, size_t old_size, size_t new_size);

/* ------------------------------------------------------------ random */

/* xoshiro256** seeded through SplitMix64: small, fast, and the same numbers
 * on every platform because it uses only fixed-width integer arithmetic. */
typedef struct herd_rng {
    uint64_t s[4];
} herd_rng;

void herd_rng_seed(herd_rng *r, uint64_t seed);
uint64_t herd_rng_next(herd_rng *r);
/* Uniform in 0..n-1 (n >= 1) without modulo bias. */
uint32_t herd_rng_below(herd_rng *r, uint32_t n);
/* A fixed pseudo-random 64-bit key for each index (SplitMix64 of the index):
 * the Zobrist keys of every game's position hash, computed, not stored. */
uint64_t herd_zobrist(uint64_t index);
/* Index 0..n-1 drawn with probability weights[i] / total (the weights sum to
 * total): how every chance outcome is drawn. */
size_t herd_rng_pick(herd_rng *r, const uint32_t *weights, size_t n, uint32_t total);
/* Index 0..n-1 (n >= 1) drawn uniformly among those of the highest score:
 * how the games' own players choose among equally good actions. */
size_t herd_rng_pick_best(herd_rng *r, const int *score, size_t n);

/* -------------------------------------------------------------- state */

/* Every game's state struct starts with this header, so the core can read
 * the status and the generator of any game. A game's whole state is plain
 * bytes: copying it with memcpy copies the position. */
typedef struct herd_head {
    herd_rng rng;
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

/* ----------------------------------------------------- text building */

/* An snprintf-like writer: it counts every byte it is asked to write but
 * stores only what fits, so one pass both sizes and fills a buffer. */
typedef struct herd_sb {
    char *buf;
    size_t cap;
    size_t len; /* bytes asked for so far, the NUL excluded */
} herd_sb;

void herd_sb_init(herd_sb *sb, char *buf, size_t cap);
void herd_sb_putc(herd_sb *sb, char c);
void herd_sb_puts(herd_sb *sb, const char *s);
void herd_sb_printf(herd_sb *sb, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Writes a square-grid cell name: row letter, column number from 1. */
void herd_sb_cell(herd_sb *sb, int row, int col);
/* Writes a square-grid action `FROM-TO`; HERD_E_ARG, writing nothing, for a
 * cell that herd_scan_cell() could not read back (rows a..z, columns
 * 1..127). */
int herd_sb_grid_move(herd_sb *sb, herd_cell from, herd_cell to);
/* A cell's name for a message; coordinates that no name can carry (off the
 * top or left edge, rows past `z`) are written out as "row R column C". */
const char *herd_name_cell(char *buf, size_t cap, int row, int col); /* returns buf */

/* The square-grid games' FROM-TO action value (horses, flock): each
 * coordinate in one byte, two's complement, so -128..127 round-trip.
 * Inline: the games decode an action on every play. */
static inline herd_move herd_grid_move(herd_cell from, herd_cell to)
{
    return (herd_move)((uint32_t)(from.row & 0xff) | (uint32_t)(from.col & 0xff) << 8 |
                       (uint32_t)(to.row & 0xff) << 16 | (uint32_t)(to.col & 0xff) << 24);
}

static inline int herd_grid_coordinate(herd_move m, int shift)
{
    int v = (int)(m >> shift & 0xff);
    return v < 128 ? v : v - 256;
}

/* The cells of herd_grid_move()'s value; either pointer may be NULL. */
static inline void herd_grid_move_cells(herd_move m, herd_cell *from, herd_cell *to)
{
    if (from) {
        from->row = herd_grid_coordinate(m, 0);
        from->col = herd_grid_coordinate(m, 8);
    }
    if (to) {
        to->row = herd_grid_coordinate(m, 16);
        to->col = herd_grid_coordinate(m, 24);
    }
}

/* Echoed input, by one rule for every message that quotes what it was
 * given (option values, game names, a position's bad character): printable
 * ASCII and well-formed UTF-8 as they are; a backslash as \\; tab, newline
 * and carriage return as \t, \n, \r; other control bytes (C0, DEL, C1) and
 * bytes of malformed UTF-8 as \xHH; U+2028 and U+2029 as \u2028, \u2029.
 * So a message stays one line that a terminal shows and never executes. */
void herd_sb_input(herd_sb *sb, const char *s, size_t n);
/* The same into buf for a message's %s, cut after a whole character with
 * "..." when it does not fit; returns buf. */
const char *herd_quote_input(char *buf, size_t cap, const char *s, size_t n);
/* The length of the well-formed UTF-8 character at s (at most n bytes), 0
 * when the bytes there are not one. */
size_t herd_utf8_len(const char *s, size_t n);

/* A message buffer for a rule's explanation of a refusal. */
typedef struct herd_msg {
    char *buf;
    size_t cap;
} herd_msg;

/* Writes the message and returns code, so a check can `return herd_fail(...)`. */
int herd_fail(herd_msg msg, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* --------------------------------------------------------- text reading */

/* A cursor over a text being parsed. */
typedef struct herd_scan {
    const char *p;
} herd_scan;

/* Each returns 1 and advances on success, 0 and stays put otherwise. */
int herd_scan_lit(herd_scan *s, const char *lit);
/* A decimal number 0..max without sign or leading zeros (but "0"). */
int herd_scan_uint(herd_scan *s, uint64_t max, uint64_t *v);
/* A square-grid cell name: row letter a..z, column 1..127. */
int herd_scan_cell(herd_scan *s, int *row, int *col);
/* Reads a whole square-grid action text `FROM-TO`; HERD_E_PARSE with a
 * message that shows `example` when the text is not one. */
int herd_scan_grid_move(const char *text, herd_cell *from, herd_cell *to, const char *example,
                        herd_msg msg);
int herd_scan_end(const herd_scan *s);

/* One parsed `KEY=VALUE` option. */
typedef struct herd_option {
    char key[16];
    uint64_t value;
    int malformed;    /* not a decimal number without sign or leading zeros */
    int out_of_range; /* beyond 64 bits, or negative in typed options */
    char text[24];    /* the value as given, for messages */
} herd_option;

#define HERD_MAX_OPTIONS 8

/* The options of herd_new(), parsed against a game's table of keys. */
typedef struct herd_options {
    herd_option item[HERD_MAX_OPTIONS];
    size_t count;
} herd_options;

/* Reads `KEY=VALUE ...` (values unsigned decimal; one beyond 2^64-1 is out
 * of every range). Unknown or repeated keys, and anything malformed, are
 * refused with a message. */
int herd_options_parse(herd_options *o, const char *text, const char *const *keys, herd_msg msg);
/* Sets a typed option from a signed value (the typed creation functions). */
void herd_option_set(herd_option *o, const char *key, int64_t value);
/* The value of key, range-checked ("w=7 is out of range 8..30"), or dflt
 * when the key was not given. */
int herd_options_get(const herd_options *o, const char *key, uint64_t lo, uint64_t hi,
                     uint64_t dflt, uint64_t *value, herd_msg msg);
/* Sets a typed option from a text value (a cell name, for instance). */
void herd_option_set_text(herd_option *o, const char *key, const char *text);
/* The value of key read as a square-grid cell name (`start=c2`): given
 * receives 1, or 0 when the key was not given (row and col untouched).
 * HERD_E_PARSE names a value that is no cell name. */
int herd_options_get_cell(const herd_options *o, const char *key, int *row, int *col, int *given,
                          herd_msg msg);

/* ------------------------------------------------------- long work */

/* Long work (perft, solving, searching) calls herd_work_begin() once, then
 * herd_work_check() at every node: it looks at herd_interrupt()'s flag each
 * time and calls the progress handler every `every` nodes.
 * HERD_E_INTERRUPTED (message set, the request spent) means: unwind, leave
 * the game as it was, and return that code. */
void herd_work_begin(herd_game *g);
int herd_work_check(herd_game *g);

/* -------------------------------------------------------------- rules */

/* How a computer level chooses its action (lib/ai/ has the searches). */
typedef enum herd_level_kind {
    HERD_LEVEL_OWN,       /* the game's own genmove() */
    HERD_LEVEL_ALPHABETA, /* alpha-beta to `depth` plies within `budget` nodes */
    HERD_LEVEL_MCTS,      /* UCT with `budget` playouts */
    HERD_LEVEL_SOLVED     /* perfect play from the solution table: table_genmove() */
} herd_level_kind;

/* One computer level of a game. */
typedef struct herd_level {
    const char *name;        /* one word, for the protocol's `levels` */
    const char *description; /* one line */
    herd_level_kind kind;
    unsigned depth;  /* alpha-beta: the deepest iteration */
    uint32_t budget; /* alpha-beta: nodes; MCTS: playouts */
} herd_level;

/* What a game gives the core. `state` always points to the game's own
 * state struct, which starts with a herd_head. Every function that can
 * refuse checks everything before it changes anything. */
typedef struct herd_rules {
    const char *name;
    herd_kind kind;
    const char *side_names[2];
    const char *const *option_keys; /* NULL-terminated */
    size_t state_size;
    size_t max_moves;
    int max_level;

    /* Sets up a new game from parsed options and the seed. */
    int (*init)(void *state, const herd_options *opt, herd_msg msg);
    /* Writes every legal action (none when the game is over) into buf,
     * which has room for max_moves, and returns the count. */
    size_t (*legal)(const void *state, herd_move *buf);
    /* Optional: the number legal() would return, without writing the
     * moves (perft's last ply). NULL means legal() is used. */
    size_t (*count)(const void *state);
    /* Checks the action fully, then plays it and updates the head's
     * status. On refusal the state is untouched. */
    int (*apply)(void *state, herd_move m, herd_msg msg);
    /* Plays an action known to be legal (one that legal() listed) without
     * the checks, status included. */
    void (*play)(void *state, herd_move m);
    /* Optional, for search (perft): as play(), but may leave the status
     * ongoing where the side to move has no move, since legal() lists none
     * there anyway; saves that test on every node. NULL means play(). */
    void (*search_play)(void *state, herd_move m);
    /* Position text, as protocol.md. */
    void (*write_position)(const void *state, herd_sb *sb);
    /* Reads a position text, checks the invariants and sets the status.
     * `state` is a fresh state, zeroed but for the generator it keeps; the
     * core copies it over the game only when this returns HERD_OK. */
    int (*read_position)(void *state, const char *text, herd_msg msg);
    /* Action text. Returns HERD_E_ARG for an action not of this game. */
    int (*write_move)(const void *state, herd_move m, herd_sb *sb);
    int (*read_move)(const void *state, const char *text, herd_move *m, herd_msg msg);
    /* A human-readable board: lines joined by newlines, none of them empty
     * and none after the last (the protocol ends an answer with an empty
     * line). */
    void (*show)(const void *state, herd_sb *sb);
    /* Chooses an action for the side to act (the game is ongoing and no
     * chance event waits) with the head's generator. */
    herd_move (*genmove)(void *state, int level);
    /* Chance events, NULL for games without them: returns the number of
     * outcomes (0 when none waits), each with a weight out of chance_total. */
    size_t (*chance)(const void *state, herd_move *buf, uint32_t *weights);
    uint32_t chance_total;

    /* Saved games (herd_save(), docs/save.md), optional: what a game keeps
     * beside its position that the position text does not carry (the
     * computer player's memory, a creation seed), as ` KEY=VALUE` fields.
     * write_save appends them; read_save reads them back from the cursor
     * into a state that already holds the saved position, checks them
     * against it, and leaves the cursor after the last field (the core
     * discards the state on refusal). Games that keep nothing more leave
     * both NULL. */
    void (*write_save)(const void *state, herd_sb *sb);
    int (*read_save)(void *state, herd_scan *sc, herd_msg msg);

    /* What the searches of lib/ai/ need. The computer levels, from 1 (the
     * simplest) upward; max_level is their count. */
    const herd_level *levels;
    /* A Zobrist-style hash of the position (herd_zobrist keys): what decides
     * the game from here, not the generator nor the creation seed. */
    uint64_t (*hash)(const void *state);
    /* Optional: how good the position is for the side to act, roughly
     * -1000..1000 (0 when NULL: the searches then see only the ends). */
    int (*evaluate)(const void *state);
    /* Optional: whether an action of the side to act undoes its previous
     * one (horses: straight back). The searches count such an action a
     * little worse at the root, so that they prefer a new plan to going
     * back and forth: two searching herds used to shuffle for ever. */
    int (*repeats)(const void *state, herd_move m);

    /* Optional exact solving (herd_solve()), NULL for games without it. The
     * core allocates solve_table_size bytes with the handle's allocator on
     * first use, once per handle, has solve_build fill them from the rules
     * alone, and frees them with the handle. solve gives the winner with
     * perfect play and the actions to the end (winner hurrying, loser
     * delaying); table_genmove is the player of the levels of kind
     * HERD_LEVEL_SOLVED, with the table at hand. */
    size_t solve_table_size;
    void (*solve_build)(void *table);
    void (*solve)(const void *state, const void *table, int *winner, unsigned *plies);
    herd_move (*table_genmove)(void *state, const void *table);
} herd_rules;

/* No game's state is larger: herd_load() reads a save into a scratch state
 * of this size on the stack (each game asserts that it fits). */
#define HERD_MAX_STATE_SIZE 4096

extern const herd_rules herd_horses_rules;
extern const herd_rules herd_hex_rules;
extern const herd_rules herd_flock_rules;

/* No game's state is larger: herd_hint() copies one on the stack. Each
 * game asserts that its state fits. */
#define HERD_MAX_STATE_SIZE 4096
extern const herd_rules herd_hare_rules;
extern const herd_rules herd_fox_rules;

/* The state of a handle, for the typed functions of a game's header:
 * NULL when g is NULL or of another kind. */
const void *herd_game_state(const herd_game *g, herd_kind kind);

/* Creates a game of the given rules from parsed options (herd_new()'s work
 * once the game and the options are known). */
int herd_game_create(herd_game **out, const herd_rules *rules, const herd_options *opt,
                     herd_alloc_fn alloc, void *ud, herd_error *err);

#endif /* HERD_INTERNAL_H */
