/* Playing and taking back: the undo history, a ring of records (whole
 * states, or the game's smaller records: herd_rules.undo) each with
 * the action taken from it, what the history says of its actions, and the
 * undo of a whole turn that a game against the computer needs. */
#include "core.h"

/* Makes sure the slot after the last record is free to write. */
static int reserve_record(herd_game *g)
{
    if (!g->alloc || g->hist_len + 1 < g->hist_slots)
        return HERD_OK;
    size_t slots = g->hist_slots ? g->hist_slots * 2 : 16;
    size_t rs = herd_record_size(g->rules);
    if (slots > SIZE_MAX / rs)
        return herdi_fail(herd_game_msg(g), HERD_E_NOMEM, "the undo history is too long");
    unsigned char *h = g->alloc(g->ud, g->hist, herd_history_bytes(g), slots * rs);
    if (!h)
        return herdi_fail(herd_game_msg(g), HERD_E_NOMEM, "out of memory for the undo history");
    g->hist = h;
    g->hist_slots = slots;
    return HERD_OK;
}

/* The byte of a smaller record that says whether its state waited for a
 * chance event. */
static unsigned char *chance_flag(const herd_rules *r, unsigned char *record)
{
    return record + r->undo->size + sizeof(herd_move);
}

/* Writes the record of `before` (a state of g), from which the action m is
 * about to be taken, into the free slot (if there is one); the record
 * counts only once commit_record() is called. */
static void begin_record(herd_game *g, const void *before, herd_move m)
{
    if (g->hist_slots == 0)
        return;
    const herd_rules *r = g->rules;
    unsigned char *slot = herd_undo_slot(g, g->hist_len);
    if (r->undo)
        *chance_flag(r, slot) = r->undo->record(before, m, slot) != 0;
    else
        memcpy(slot, before, r->state_size);
}

/* Counts the record begun with the action m taken from it. */
static void commit_record(herd_game *g, herd_move m)
{
    if (g->hist_slots == 0)
        return;
    memcpy(herd_undo_slot(g, g->hist_len) + herd_record_part(g->rules), &m, sizeof m);
    if (g->hist_len + 1 < g->hist_slots)
        g->hist_len++;
    else
        g->hist_start = (g->hist_start + 1) % g->hist_slots; /* full: drop the oldest */
}

static int check_ongoing(herd_game *g)
{
    if (herd_game_head(g)->result != HERD_ONGOING)
        return herdi_fail(herd_game_msg(g), HERD_E_STATE, "the game is over");
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
    begin_record(g, g->state, m);
    rc = g->rules->apply(g->state, m, herd_game_msg(g));
    if (rc == HERD_OK)
        commit_record(g, m);
    return rc;
}

int herdi_draw_and_play(herd_game *g, int (*draw)(herd_game *g, int level, herd_move *m), int level,
                        herd_move *out)
{
    union {
        max_align_t align;
        unsigned char bytes[HERD_MAX_STATE_SIZE];
    } before;
    const herd_rules *r = g->rules;
    int rc = reserve_record(g);
    if (rc != HERD_OK)
        return rc;
    memcpy(before.bytes, g->state, r->state_size);
    herd_move m = 0;
    rc = draw(g, level, &m);
    if (rc == HERD_OK) {
        begin_record(g, before.bytes, m);
        rc = r->apply(g->state, m, herd_game_msg(g));
    }
    if (rc != HERD_OK) {
        /* A drawn action is legal by construction; put the generator back
         * all the same, so that even this cannot change the game. */
        memcpy(g->state, before.bytes, r->state_size);
        return rc;
    }
    commit_record(g, m);
    if (out)
        *out = m;
    return HERD_OK;
}

/* Takes back the newest action of the history (there is one). */
static void take_back(herd_game *g)
{
    const herd_rules *r = g->rules;
    const unsigned char *record = herd_undo_slot(g, --g->hist_len);
    if (r->undo) {
        herd_move m;
        memcpy(&m, record + herd_record_part(r), sizeof m);
        r->undo->play(g->state, record, m);
    } else {
        memcpy(g->state, record, r->state_size);
    }
}

/* ------------------------------------------------ endings by the players */

static int ended_by_players(const herd_game *g)
{
    return herd_head_ended_by_players(herd_game_head(g));
}

int herd_end(herd_game *g, herd_reason reason, int side)
{
    if (!g)
        return HERD_E_ARG;
    herd_msg msg = herd_game_msg(g);
    int sided = reason == HERD_REASON_RESIGNED || reason == HERD_REASON_TIME;
    if (!sided && reason != HERD_REASON_AGREED && reason != HERD_REASON_ABANDONED)
        return herdi_fail(msg, HERD_E_ARG, "reason %d is not an ending by the players",
                          (int)reason);
    if (sided && (side < 0 || side > 1))
        return herdi_fail(msg, HERD_E_ARG, "side %d is not 0 or 1", side);
    int rc = check_ongoing(g);
    if (rc != HERD_OK)
        return rc;
    herd_head_set_ended(herd_game_head(g), reason, side);
    return HERD_OK;
}

/* Takes back the players' ending: the game goes on as it stood (the head
 * keeps the side to act under the ending). */
static void take_back_ending(herd_game *g)
{
    herd_head *h = herd_game_head(g);
    herd_head_set_ongoing(h, h->side);
}

int herd_undo(herd_game *g)
{
    if (!g)
        return HERD_E_ARG;
    if (ended_by_players(g)) {
        take_back_ending(g);
        return HERD_OK;
    }
    if (g->hist_len == 0)
        return herdi_fail(herd_game_msg(g), HERD_E_STATE, "there is nothing to undo");
    take_back(g);
    return HERD_OK;
}

size_t herd_history_length(const herd_game *g)
{
    return g ? g->hist_len : 0;
}

void herdi_history_count(const void *game, const uint64_t *hashes, size_t n, uint32_t *counts)
{
    const herd_game *g = game;
    memset(counts, 0, n * sizeof *counts);
    for (size_t k = 0; k < g->hist_len; k++) {
        uint64_t h = g->rules->hash(herd_undo_slot(g, k));
        for (size_t i = 0; i < n; i++)
            counts[i] += hashes[i] == h;
    }
}

/* The head of the state recorded before the i-th action from the oldest. */
static const herd_head *record_head(const herd_game *g, size_t i)
{
    return (const herd_head *)(const void *)herd_undo_slot(g, i);
}

int herd_history_move(const herd_game *g, size_t i, herd_move *m)
{
    if (!g || !m)
        return HERD_E_ARG;
    if (i >= g->hist_len)
        return HERD_E_RANGE;
    memcpy(m, herd_undo_slot(g, i) + herd_record_part(g->rules), sizeof *m);
    return HERD_OK;
}

const void *herdi_history_state(const herd_game *g, herd_kind kind, size_t i)
{
    if (!herdi_game_state(g, kind) || g->rules->undo || i >= g->hist_len)
        return NULL;
    return herd_undo_slot(g, i);
}

int herd_history_side(const herd_game *g, size_t i, int *side, int *chance)
{
    if (!g)
        return HERD_E_ARG;
    if (i >= g->hist_len)
        return HERD_E_RANGE;
    const herd_rules *r = g->rules;
    unsigned char *before = herd_undo_slot(g, i);
    if (side)
        *side = record_head(g, i)->side;
    if (chance)
        *chance = r->undo ? *chance_flag(r, before) : herd_state_is_chance(r, before);
    return HERD_OK;
}

int herd_undo_turn(herd_game *g, int side)
{
    if (!g)
        return HERD_E_ARG;
    if (side < 0 || side > 1)
        return herdi_fail(herd_game_msg(g), HERD_E_ARG, "side %d is not 0 or 1", side);
    if (ended_by_players(g)) { /* one step of its own */
        take_back_ending(g);
        return HERD_OK;
    }
    /* Back over the other side's actions to the newest run of actions
     * taken with `side` to act, and to that run's first: the start of its
     * latest turn (or of the history). */
    size_t back = 0;
    for (size_t k = 1; k <= g->hist_len; k++) {
        if (record_head(g, g->hist_len - k)->side == side)
            back = k;
        else if (back)
            break;
    }
    if (back == 0)
        return herdi_fail(herd_game_msg(g), HERD_E_STATE, "there is no turn of %s to take back",
                          g->rules->desc.side_names[side]);
    while (back--)
        take_back(g);
    return HERD_OK;
}
