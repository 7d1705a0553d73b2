/* Fox and Geese solved (docs/fox-solver.md): a retrograde table of
 * every position with up to a given number of geese, built from the rules
 * as lib/games/fox/fox.c plays them (hop by hop: after a jump the fox keeps the turn
 * in a chain when it can jump again and at least four geese are left, and
 * `stop` ends the chain). Internal: not installed; the public route is
 * herd_solve().
 *
 * The table goes by goose sets, 4 geese upward. Without sideways steps a
 * goose move leads to a set that is smaller read as a number (points
 * counted from the top) and a capture to one goose fewer, so each set is
 * solved once, in that order, from sets already solved. With sideways steps
 * play can go round in circles: each goose count is swept until nothing
 * changes (the least fixed point: the wins that can be forced in a finite
 * number of plies; what is left is a draw). A set and its left-right mirror
 * share one entry. Sets with up to `exact` geese keep the distance to the
 * end (one byte per fox point and mode); larger ones keep one bit (two with
 * sideways) per fox point: who wins, not how soon. */
#ifndef HERD_FOX_SOLVE_H
#define HERD_FOX_SOLVE_H

#include <limits.h>

#include "fox_board.h"

/* The most geese whose positions keep their distance (one byte holds the
 * plies: at most 113 with 10 geese). */
#define FOX_SOLVE_MAX_EXACT 10
/* The winner of a position that neither side can win (sideways only). */
#define FOX_SOLVE_DRAW (-1)
/* The plies of a position whose distance the table does not hold (more
 * than `exact` geese and not over, or a draw). */
#define FOX_SOLVE_NO_PLIES UINT_MAX

typedef struct fox_solve_options {
    int sideways; /* 0 or 1: the `sideways` option of the game */
    int geese;    /* 4..HERD_FOX_MAX_GEESE: the most geese of a position answered */
    int exact;    /* 0, or 4..min(geese, FOX_SOLVE_MAX_EXACT): keep distances up to this
                   * many geese (only without sideways) */
    uint64_t memory;     /* the most bytes the table may hold at any time */
    herd_alloc_fn alloc; /* the handle's allocator; NULL for malloc, realloc, free */
    void *alloc_ud;
    /* Optional, both with `ud`: stop is asked every few thousand sets and
     * stops the build when it returns nonzero; progress is told the
     * fraction done, 0 to 1, rising, about a thousand times in all. */
    int (*stop)(void *ud);
    void (*progress)(void *ud, double done);
    void *ud;
    int plain; /* 1: no BMI2 instructions even where the processor has them (tests) */
} fox_solve_options;

/* A position as lib/games/fox/fox.c holds one: the fox's point and the geese's (the
 * points of fox_board()), the side to move (HERD_FOX_FOX or HERD_FOX_GEESE)
 * and whether the fox is in a jump chain. */
typedef struct fox_solve_position {
    int fox;
    hunt_set geese;
    int side;
    int chain;
} fox_solve_position;

typedef struct fox_table fox_table;

/* The options with their defaults: 13 geese, no sideways, distances up to
 * 8 geese, no memory limit, malloc. */
void herdi_fox_solve_default_options(fox_solve_options *o);

/* The bytes that building the table needs at its peak (what `memory` is
 * compared with) and, in `kept`, what the finished table holds; 0 for
 * options out of range, and when the size does not fit in a size_t. */
uint64_t herdi_fox_solve_need(const fox_solve_options *o, uint64_t *kept);

/* Builds the table. HERD_E_ARG for options out of range (message says
 * which); HERD_E_UNSUPPORTED, before allocating anything, when the peak
 * exceeds `memory` (the message gives the bytes needed), and for distances
 * with sideways steps; HERD_E_NOMEM when
 * the allocator fails; HERD_E_INTERRUPTED when stop() asked. On error
 * nothing is left allocated and *out is untouched. */
int herdi_fox_solve_build(fox_table **out, const fox_solve_options *o, herd_msg msg);
void herdi_fox_solve_free(fox_table *t);

/* What the table was built for, and the bytes it holds. */
int herdi_fox_solve_geese(const fox_table *t);
int herdi_fox_solve_exact(const fox_table *t);
int herdi_fox_solve_sideways(const fox_table *t);
uint64_t herdi_fox_solve_size(const fox_table *t);

/* The value of a position with perfect play: *winner is HERD_FOX_FOX,
 * HERD_FOX_GEESE or FOX_SOLVE_DRAW; *plies the actions to the end, the
 * winner hurrying and the loser delaying (0 for an ended game: fewer than
 * four geese, the side to move without a move), or FOX_SOLVE_NO_PLIES
 * where the table holds no distance: a draw, and an ongoing position with
 * more than `exact` geese. HERD_E_ARG for what is no position of the game
 * (a point off the board, the fox on a goose, more geese than the game
 * has, a chain with the geese to move, with fewer than four geese or
 * without a jump); HERD_E_UNSUPPORTED for more geese than the table holds.
 * The outputs are untouched on error. */
int herdi_fox_solve_query(const fox_table *t, const fox_solve_position *p, int *winner,
                          unsigned *plies);

/* How good a value is for `side` to have, so that a player can choose
 * among its actions' results: higher is better. A win beats a draw beats a
 * loss; a quicker win and a slower loss are better; a win or a loss whose
 * distance is not held ranks as the slowest of its kind. */
long herdi_fox_solve_rank(int side, int winner, unsigned plies);

#endif /* HERD_FOX_SOLVE_H */
