/* Playing and taking back: the undo history, a ring of whole states, and
 * the undo of a whole turn that a game against the computer needs. */
#include "core.h"

/* Makes sure the slot after the last record is free to write. */
static int reserve_record(herd_game *g)
{
    if (!g->alloc || g->hist_len + 1 < g->hist_slots)
        return HERD_OK;
    size_t slots = g->hist_slots ? g->hist_slots * 2 : 16;
    size_t ss = g->rules->state_size;
    if (slots > SIZE_MAX / ss)
        return herd_fail(herd_game_msg(g), HERD_E_NOMEM, "the undo history is too long");
    unsigned char *h = g->alloc(g->ud, g->hist, herd_history_bytes(g), slots * ss);
    if (!h)
        return herd_fail(herd_game_msg(g), HERD_E_NOMEM, "out of memory for the undo history");
    g->hist = h;
    g->hist_slots = slots;
    return HERD_OK;
}

/* Writes the current state into the free slot (if there is one); the
 * record counts only once commit_record() is called. */
static unsigned char *begin_record(herd_game *g)
{
    if (g->hist_slots == 0)
        return NULL;
    size_t ss = g->rules->state_size;
    unsigned char *slot = g->hist + ((g->hist_start + g->hist_len) % g->hist_slots) * ss;
    memcpy(slot, g->state, ss);
    return slot;
}

static void commit_record(herd_game *g)
{
    if (g->hist_slots == 0)
        return;
    if (g->hist_len + 1 < g->hist_slots)
        g->hist_len++;
    else
        g->hist_start = (g->hist_start + 1) % g->hist_slots; /* full: drop the oldest */
}

static int check_ongoing(herd_game *g)
{
    if (herd_game_head(g)->result != HERD_ONGOING)
        return herd_fail(herd_game_msg(g), HERD_E_STATE, "the game is over");
    return HERD_OK;
}

int herd_apply(herd_game *g, herd_move m)
{
    if (!g)
        return HERD_E_ARG;
    int rc = check_ongoing(g);
    if (rc == HERD_OK)
        rc = reserve_record(g);
    if (rc != HERD_OK)
        return rc;
    begin_record(g);
    rc = g->rules->apply(g->state, m, herd_game_msg(g));
    if (rc == HERD_OK)
        commit_record(g);
    return rc;
}

int herd_draw_and_play(herd_game *g, int (*draw)(herd_game *g, int level, herd_move *m), int level,
                       herd_move *out)
{
    int rc = reserve_record(g);
    if (rc != HERD_OK)
        return rc;
    unsigned char *before = begin_record(g);
    herd_move m = 0;
    rc = draw(g, level, &m);
    if (rc == HERD_OK)
        rc = g->rules->apply(g->state, m, herd_game_msg(g));
    if (rc != HERD_OK) {
        /* A drawn action is legal by construction; put the generator back
         * all the same, so that even this cannot change the game. */
        if (before)
            memcpy(g->state, before, g->rules->state_size);
        return rc;
    }
    commit_record(g);
    if (out)
        *out = m;
    return HERD_OK;
}

int herd_undo(herd_game *g)
{
    if (!g)
        return HERD_E_ARG;
    if (g->hist_len == 0)
        return herd_fail(herd_game_msg(g), HERD_E_STATE, "there is nothing to undo");
    size_t ss = g->rules->state_size;
    g->hist_len--;
    memcpy(g->state, g->hist + ((g->hist_start + g->hist_len) % g->hist_slots) * ss, ss);
    return HERD_OK;
}

size_t herd_history_length(const herd_game *g)
{
    return g ? g->hist_len : 0;
}

/* The head of the state recorded before the back-th newest action. */
static const herd_head *record_head(const herd_game *g, size_t back)
{
    size_t slot = (g->hist_start + g->hist_len - back) % g->hist_slots;
    return (const herd_head *)(const void *)(g->hist + slot * g->rules->state_size);
}

int herd_undo_turn(herd_game *g, int side)
{
    if (!g)
        return HERD_E_ARG;
    if (side < 0 || side > 1)
        return herd_fail(herd_game_msg(g), HERD_E_ARG, "side %d is not 0 or 1", side);
    /* Back over the other side's actions to the newest run of actions
     * taken with `side` to act, and to that run's first: the start of its
     * latest turn (or of the history). */
    size_t back = 0;
    for (size_t k = 1; k <= g->hist_len; k++) {
        if (record_head(g, k)->side == side)
            back = k;
        else if (back)
            break;
    }
    if (back == 0)
        return herd_fail(herd_game_msg(g), HERD_E_STATE, "there is no turn of %s to take back",
                         g->rules->desc.side_names[side]);
    size_t ss = g->rules->state_size;
    g->hist_len -= back;
    memcpy(g->state, g->hist + ((g->hist_start + g->hist_len) % g->hist_slots) * ss, ss);
    return HERD_OK;
}
