/* The game handle's inside, shared by the rooms of the core and by nothing
 * else: game.c (the handle, moves, texts, chance, long work, perft and
 * copies), history.c (playing, undo and undo of a turn), players.c (the
 * computer players, hints and solving), save.c (saved games), actions.c
 * (action spaces, observations and playouts) and batch.c (batches). */
#ifndef HERD_CORE_H
#define HERD_CORE_H

#include <stdalign.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "internal.h"

struct herd_game {
    const herd_rules *rules;
    herd_alloc_fn alloc; /* NULL for a game in caller memory */
    void *ud;
    /* Undo records (herd_undo_slot()) in a ring of hist_slots slots. One slot
     * is always kept free so that a record can be written before the move is
     * checked; a caller-memory game with a full ring drops its oldest record. */
    unsigned char *hist;
    size_t hist_slots, hist_start, hist_len;
    /* The game's solution table (rules->solver), built on first use. Atomic:
     * a hint (a const call) that finds none publishes the one it builds
     * with a compare-and-swap, and the loser of a race frees its own. */
    _Atomic(void *) table;
    size_t memory_limit; /* herd_set_memory_limit(): tables and work areas */
    char err[HERD_ERROR_MESSAGE_SIZE];
    /* Stopping long calls (herd_work_check()): the flag that herd_interrupt()
     * sets from any thread or a signal handler, and the progress handler.
     * The countdown to the handler's next call belongs to each call (a
     * `work` on its stack), so that const calls running at once share
     * nothing but the atomic flag. */
    atomic_int interrupted;
    int (*progress)(void *ud);
    void *progress_ud;
    unsigned progress_every;
    max_align_t state[]; /* rules->state_size bytes */
};

static inline herd_msg herd_game_msg(herd_game *g)
{
    herd_msg m = {g->err, sizeof g->err};
    return m;
}

/* ::HERD_E_ARG for a required pointer `name` passed as NULL, with the
 * message that names it (docs/api.md, "NULL") written to msg. */
static inline int herd_null_msg(herd_msg msg, const char *name)
{
    return herdi_fail(msg, HERD_E_ARG, "%s must not be NULL", name);
}

/* The same for a call that takes g non-const: the message is g's. */
static inline int herd_null_arg(herd_game *g, const char *name)
{
    return herd_null_msg(herd_game_msg(g), name);
}

/* The same for a creation function: the message goes to its error struct
 * (which may be NULL). */
static inline int herd_null_arg_error(herd_error *err, const char *name)
{
    if (!err)
        return HERD_E_ARG;
    err->code = HERD_E_ARG;
    return herd_null_msg((herd_msg){err->message, sizeof err->message}, name);
}

static inline herd_head *herd_game_head(const herd_game *g)
{
    return (herd_head *)(void *)g->state;
}

/* Whether a head stands ended by the players (herd_end()): the ending lies
 * over the status the rules left, which was ongoing with h->side to act. */
static inline int herd_head_ended_by_players(const herd_head *h)
{
    return h->reason >= HERD_REASON_RESIGNED;
}

/* Ends the game of an ongoing head by the players: `side` resigned or ran
 * out of time (the other wins), or a draw by agreement, or abandoned. */
static inline void herd_head_set_ended(herd_head *h, herd_reason reason, int side)
{
    if (reason == HERD_REASON_RESIGNED || reason == HERD_REASON_TIME) {
        herd_head_set_win(h, 1 - side, reason);
    } else {
        herd_head_set_draw(h, reason);
        if (reason == HERD_REASON_ABANDONED)
            h->result = HERD_OVER;
    }
}

/* Whether a state of these rules waits for a chance event. */
static inline int herd_state_is_chance(const herd_rules *r, const void *state)
{
    return r->chance && r->chance(state, NULL, NULL) > 0;
}

/* Fills the creation functions' error struct (which may be NULL). */
static inline void herd_set_error(herd_error *err, int code, const char *message)
{
    if (!err)
        return;
    err->code = code;
    size_t n = strlen(message);
    if (n >= sizeof err->message)
        n = sizeof err->message - 1;
    memcpy(err->message, message, n);
    err->message[n] = '\0';
}

/* An undo record: the whole state from before an action (or, for a game
 * with undo rules, its smaller record of it and a byte that says whether
 * that state waited for a chance event), then the action
 * (herd_history_move()), rounded up so that every record stays aligned as
 * a state. */
static inline size_t herd_record_part(const herd_rules *r)
{
    return r->undo ? r->undo->size : r->state_size;
}

static inline size_t herd_record_size(const herd_rules *r)
{
    size_t a = alignof(max_align_t);
    size_t chance_flag = r->undo ? 1 : 0;
    return (herd_record_part(r) + sizeof(herd_move) + chance_flag + a - 1) / a * a;
}

/* The k-th record from the oldest; k == hist_len is the free slot. */
static inline unsigned char *herd_undo_slot(const herd_game *g, size_t k)
{
    return g->hist + ((g->hist_start + k) % g->hist_slots) * herd_record_size(g->rules);
}

static inline size_t herd_history_bytes(const herd_game *g)
{
    return g->hist_slots * herd_record_size(g->rules);
}

/* Writes a text through fn into a scratch pass first, so that a short
 * caller buffer is left untouched, as every other failing call leaves its
 * outputs. */
typedef void (*herd_write_fn)(const herd_game *g, const void *arg, herd_sb *sb);
int herdi_write_text(const herd_game *g, herd_write_fn fn, const void *arg, char *buf, size_t cap,
                     size_t *len);

/* How the game ended, in words (herd_result_text()); nothing while it goes
 * on. The one place that says a reason to people (lib/games.c). */
void herdi_write_result(const herd_game *g, const void *arg, herd_sb *sb);

/* Reads a position text over `out`, a state of the game: the game reads it
 * into a fresh state that keeps out's generator, copied over `out` only
 * when the text is accepted, so a refused text changes nothing. */
int herdi_read_position_into(const herd_rules *r, void *out, const char *text, herd_msg msg);

/* Starts a new game of the given rules in `state` from checked option
 * values, the seed among them: the state zeroed, the generator seeded,
 * then the game's init(). herd_new()'s start, and a batch's new games. */
int herdi_state_start(const herd_rules *rules, void *state, const herd_option_values *values,
                      herd_msg msg);

/* Draws an action with the game's generator and plays it, recording the
 * state from before the draw so that undo also rewinds the generator. */
int herdi_draw_and_play(herd_game *g, int (*draw)(herd_game *g, int level, herd_move *m), int level,
                        herd_move *out);

/* How many times game `g` (a herd_game) has stood in each of the n
 * positions whose rules->hash are `hashes`, by its history's states:
 * counts[i]. For a game that keeps whole states (rules->repeats); the
 * searches' herd_search.played. */
void herdi_history_count(const void *g, const uint64_t *hashes, size_t n, uint32_t *counts);

/* ------------------------------------------------------------ memory */

/* The bytes of the tables that g keeps (the solution table and what the
 * game built into it): what every call's need counts beside its own work. */
size_t herdi_tables_held(const herd_game *g);

/* HERD_OK when `need` bytes (the call's peak, the tables kept included) fit
 * in g's memory limit; else HERD_E_NOMEM, with a message in msg (which has
 * no buffer for a const call) that says what (`what`) needs how much. */
int herdi_memory_check(const herd_game *g, size_t need, const char *what, herd_msg msg);

/* ------------------------------------------------------- long work */

/* One long call (perft, a search) on a game: where its refusal goes and
 * the countdown to the progress handler's next call. It lives on the
 * call's stack: a const call (herd_hint()) writes nothing of the handle but
 * the atomic flag, which it spends when it stops, so that const calls may
 * run at once. */
typedef struct herd_work {
    atomic_int *interrupted; /* the handle's flag */
    int (*progress)(void *ud);
    void *progress_ud;
    unsigned every, left;
    herd_msg msg; /* no buffer for a const call */
} herd_work;

static inline void herd_work_begin(herd_work *w, const herd_game *g, herd_msg msg)
{
    /* An atomic object may be written through a const handle: herd_interrupt()
     * writes it from any thread anyway. */
    w->interrupted = (atomic_int *)(uintptr_t)&g->interrupted;
    w->progress = g->progress;
    w->progress_ud = g->progress_ud;
    w->every = w->left = g->progress_every;
    w->msg = msg;
}

/* Called at every node: HERD_E_INTERRUPTED (message set, the request spent)
 * means unwind, leave the game as it was, and return that code. */
static inline int herd_work_check(herd_work *w)
{
    /* A relaxed load costs a plain read, so every check looks: a search
     * whose checks are far apart (a playout each) still stops at once. */
    if (atomic_load_explicit(w->interrupted, memory_order_relaxed) &&
        atomic_exchange(w->interrupted, 0))
        return herdi_fail(w->msg, HERD_E_INTERRUPTED, "interrupted");
    if (w->progress && --w->left == 0) {
        w->left = w->every;
        if (w->progress(w->progress_ud))
            return herdi_fail(w->msg, HERD_E_INTERRUPTED, "interrupted by the progress handler");
    }
    return HERD_OK;
}

#endif /* HERD_CORE_H */
