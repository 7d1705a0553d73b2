/* The computer players' searches, written once for every game: they see a
 * game only through its herd_rules (legal, play, chance, hash, evaluate) and
 * the status in its head. Memory comes from the caller's allocator. */
#ifndef HERD_AI_SEARCH_H
#define HERD_AI_SEARCH_H

#include "../internal.h"

/* What a search needs besides the position: the game's rules, the handle's
 * allocator, and the game's generator, which gives the variety among equally
 * good actions (the same generator state gives the same choice). */
typedef struct herd_search {
    const herd_rules *rules;
    herd_alloc_fn alloc;
    void *ud;
    herd_rng *rng;
    /* Asked at every node whether to stop (herd_interrupt(), a progress
     * handler): nonzero, a herd_code, stops the search with that code. NULL:
     * nothing stops it. The caller starts the count before the search. */
    int (*stop)(void *ctx);
    void *stop_ctx;
    uint64_t nodes; /* out: the nodes searched (alpha-beta) or playouts (MCTS) */
    /* The solution table that rules->evaluate may read at the leaves (a
     * level of kind HERD_LEVEL_SOLVED searching beyond its table: fox's
     * perfect level); NULL for none. */
    const void *table;
    /* For a game with rules->repeats: how many times the game has stood in
     * each of n positions (by rules->hash) before this one, written to
     * counts; NULL where the search has no game behind it. */
    void (*played)(const void *ctx, const uint64_t *hashes, size_t n, uint32_t *counts);
    const void *played_ctx;
} herd_search;

/* A win found by search scores HERD_SEARCH_WIN less the plies to it, so that
 * the winner hurries and the loser delays. */
#define HERD_SEARCH_WIN 1000000

/* How much worse alpha-beta counts a root action that undoes the side's
 * previous one (herd_rules.repeats), and one into a position the game has
 * already stood in, for each time it stood there, unless it wins or
 * loses: about two steps of the leading horse in horses' race. */
#define HERD_SEARCH_REPEAT_PENALTY 50

/* Alpha-beta with iterative deepening, a transposition table and the table's
 * move tried first. Chance events are averaged over their outcomes. Returns
 * HERD_OK, HERD_E_NOMEM or HERD_E_INTERRUPTED; the state is not changed. */
int herdi_search_alphabeta(herd_search *s, const void *state, const herd_level *level,
                           herd_move *best);

/* The one work area that herdi_search_alphabeta() allocates for the level,
 * in bytes: what the memory limit is checked against. */
size_t herdi_search_alphabeta_bytes(const herd_rules *r, const herd_level *level);

/* Monte Carlo tree search (UCT), whose playouts are games of the game's
 * level-1 player on both sides; chance outcomes are drawn by their weights.
 * A node tries its actions best first by the evaluation one action ahead,
 * a few more as its visits grow. The level's budget counts playouts, or
 * where its depth is set work, which grows with the board (mcts.c). Sets
 * s->nodes to the playouts made. Returns HERD_OK,
 * HERD_E_NOMEM or HERD_E_INTERRUPTED. */
int herdi_search_mcts(herd_search *s, const void *state, const herd_level *level, herd_move *best);

/* The work area of herdi_search_mcts() for the level, in bytes. */
size_t herdi_search_mcts_bytes(const herd_rules *r, const herd_level *level);

/* ---------------------------------------- shared by the searches */

/* The head of a game state. */
static inline const herd_head *herd_search_head(const void *state)
{
    return (const herd_head *)state;
}

/* Plays an action in search: the cheaper search_play where the game has it. */
static inline void herd_search_play(const herd_rules *r, void *state, herd_move m)
{
    (r->fast ? r->fast->search_play : r->play)(state, m);
}

#endif /* HERD_AI_SEARCH_H */
