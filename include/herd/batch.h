/**
 * @file batch.h
 * @brief Batches: many games of one kind stepped together, one call per step.
 */
#ifndef HERD_BATCH_H
#define HERD_BATCH_H

#include "herd.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @defgroup batch Batches of games
 * @brief n games of one kind in one allocation, stepped together by one call per step.
 *
 * What self-play and training loops need beside the one-game calls of
 * @ref learning "Actions, observations and playouts": a ::herd_batch holds
 * n games of one game and options, and each call works on all of them at
 * once: the legal masks (herd_batch_masks()), the observations from the
 * side to act (herd_batch_observations()), the sides to act
 * (herd_batch_sides()), uniformly random legal actions
 * (herd_batch_random_actions()) and one step of every game with the
 * caller's actions (herd_batch_step()). Actions are the numbers of the
 * game's action space (herd_num_actions()), as herd_apply_action() takes
 * them.
 *
 * Callers only ever see decision nodes: every game of a batch is always
 * going on with a side to act. Chance events (the `hex` dice) are drawn
 * inside herd_batch_step() and at each game's start, by their
 * probabilities, from the game's own generator, as herd_roll() draws them;
 * a game that ends (or reaches the batch's length limit) is started anew
 * in the same step, its seed drawn from the batch's generator. So a game
 * of the batch is exactly the game that herd_new() makes with its seed
 * (herd_batch_game() and herd_game_options_text() give it), played with
 * the same actions and herd_roll() at each chance event. The batch's own
 * generator, seeded by herd_batch_new(), draws the games' seeds and the
 * random actions: the same seed and calls give the same batch.
 *
 * Every call checks everything before it changes anything: a refused call
 * (a NULL pointer, a count that is not the batch's, a buffer too small, an
 * action out of range or illegal in one game) changes no game, and leaves
 * a message read with herd_batch_last_error(). A batch allocates only in
 * herd_batch_new(); like a game handle it is used from one thread at a
 * time, and distinct batches from distinct threads.
 * Examples: the Python package's `herd.Batch` and its benchmark
 * `bindings/python/bench/bench_batch.py`.
 * @{
 */

/** An opaque batch of games. */
typedef struct herd_batch herd_batch;

/** How a game of the batch ended in herd_batch_step(): its byte of `done`. */
typedef enum herd_batch_end {
    HERD_BATCH_GOING = 0,    /**< The game goes on. */
    HERD_BATCH_ENDED = 1,    /**< It ended (won or drawn) and a new game started. */
    HERD_BATCH_TRUNCATED = 2 /**< It reached the batch's length limit unended (rewards 0)
                                  and a new game started. */
} herd_batch_end;

/**
 * Creates a batch of @p n games, all in one allocation from @p alloc.
 *
 * @param game       the game's name, as herd_new() takes it.
 * @param options    NULL or "" for the defaults, or herd_new()'s `KEY=VALUE`
 *                   pairs, without `seed`: the games' seeds come from
 *                   @p seed.
 * @param n          the number of games, at least 1.
 * @param seed       seeds the batch's generator, from which each game's seed
 *                   and the random actions are drawn.
 * @param max_length the most actions of the caller a game may take before it
 *                   is stopped as ::HERD_BATCH_TRUNCATED (chance outcomes not
 *                   counted), 0 for no limit. Games that can go on for ever
 *                   (`fox` with `sideways=1`) need one.
 * @param alloc      the allocator, NULL for malloc/free.
 * @param ud         passed to @p alloc unchanged.
 * @param out        receives the new batch; untouched on failure.
 * @param err        NULL, or receives the code and a message on failure.
 * @return ::HERD_OK; herd_new()'s codes for @p game and @p options;
 *         ::HERD_E_ARG (NULL @p out or @p game, @p n of 0, a `seed` among
 *         the options); ::HERD_E_NOMEM (the allocator failed, or @p n games
 *         do not fit in a size_t; the message says how many games, and the
 *         bytes that the allocator refused); on failure nothing stays
 *         allocated.
 */
HERD_API int herd_batch_new(const char *game, const char *options, size_t n, uint64_t seed,
                            uint32_t max_length, herd_alloc_fn alloc, void *ud, herd_batch **out,
                            herd_error *err);

/** Frees a batch with its allocator; NULL is harmless. */
HERD_API void herd_batch_free(herd_batch *b);

/** The number of games of the batch; 0 for a NULL batch. */
HERD_API size_t herd_batch_count(const herd_batch *b);

/**
 * Game @p i of the batch, to read with the const calls of herd.h (its
 * position, its options with its seed, herd_num_actions(),
 * herd_observation_shape(), herd_save(), herd_clone()). The pointer stays
 * valid until herd_batch_free(); the game it shows moves on, or is replaced
 * by a new one, with herd_batch_step(). It is always going on, at a
 * decision.
 * @return NULL for a NULL batch or @p i >= herd_batch_count().
 */
HERD_API const herd_game *herd_batch_game(const herd_batch *b, size_t i);

/** The message of the last failed call on this batch, "" when there is none
 *  (and for a NULL batch). Valid until the next call that fails. */
HERD_API const char *herd_batch_last_error(const herd_batch *b);

/**
 * The legal masks of all games: game i's herd_legal_mask() at
 * `masks[i * N]`, N = herd_num_actions().
 * @param masks receives n x N bytes, 1 for a legal action, else 0; may be
 *              NULL when @p cap is 0.
 * @param cap   the bytes at @p masks.
 * @param len   receives n x N, the bytes written or, on ::HERD_E_BUFFER,
 *              needed; may be NULL.
 * @return ::HERD_OK; ::HERD_E_BUFFER (@p cap below n x N, nothing written);
 *         ::HERD_E_ARG (NULL @p b, or NULL @p masks with a nonzero @p cap).
 */
HERD_API int herd_batch_masks(herd_batch *b, unsigned char *masks, size_t cap, size_t *len);

/**
 * The observations of all games, each from the point of view of its side to
 * act: game i's herd_observation() at `buf[i * F]`, F = planes x rows x
 * columns (herd_observation_shape()).
 * @param buf receives n x F floats; may be NULL when @p cap is 0.
 * @param cap the floats at @p buf.
 * @param len receives n x F, the floats written or, on ::HERD_E_BUFFER,
 *            needed; may be NULL.
 * @return ::HERD_OK; ::HERD_E_BUFFER (@p cap below n x F, nothing written);
 *         ::HERD_E_ARG (NULL @p b, or NULL @p buf with a nonzero @p cap).
 */
HERD_API int herd_batch_observations(herd_batch *b, float *buf, size_t cap, size_t *len);

/**
 * The side to act of each game, 0 or 1.
 * @param sides receives @p n ints.
 * @param n     the batch's count.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL, or @p n is not the batch's count;
 *         nothing written).
 */
HERD_API int herd_batch_sides(herd_batch *b, int *sides, size_t n);

/**
 * A uniformly random legal action of each game, drawn from the batch's
 * generator (the games do not change).
 * @param actions receives @p n action numbers.
 * @param n       the batch's count.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL, or @p n is not the batch's count;
 *         nothing written, nothing drawn).
 */
HERD_API int herd_batch_random_actions(herd_batch *b, size_t *actions, size_t n);

/**
 * Plays action `actions[i]` in game i, for every game, then the chance
 * events that follow (see the group's description). A game that ends is
 * started anew with a seed from the batch's generator, as is one that
 * reached the batch's length limit, in the order of the games; the masks,
 * observations and sides are then those of the new game.
 *
 * The rewards are per side, as herd.spiel's `returns()`: when game i ended
 * in this step, `rewards[2 * i + s]` is +1 for the winning side s, -1 for
 * the losing side, and 0 for both on a draw; otherwise 0 for both (a game
 * truncated at the length limit included).
 *
 * Every action is checked before any is played: on error no game changes.
 * @param actions the @p n actions, numbers of the action space.
 * @param n       the batch's count.
 * @param rewards receives 2 x @p n floats, side 0's and side 1's of each game.
 * @param done    receives @p n bytes, a ::herd_batch_end each.
 * @return ::HERD_OK; ::HERD_E_ARG (NULL, or @p n is not the batch's count);
 *         ::HERD_E_RANGE (an action >= herd_num_actions()) and
 *         ::HERD_E_ILLEGAL (an action not legal in its game): the message
 *         names the first such game, the action and why. On error nothing is
 *         written and no game changes.
 */
HERD_API int herd_batch_step(herd_batch *b, const size_t *actions, size_t n, float *rewards,
                             unsigned char *done);

/** @} */
#ifdef __cplusplus
}
#endif

#endif /* HERD_BATCH_H */
