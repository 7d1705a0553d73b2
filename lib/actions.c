/* For programs that learn or search (herd.h's group "Actions, observations
 * and playouts"): the fixed action spaces, masks and observations, written
 * once for every game through its rules' hooks, and batched playouts. A
 * room of the core, as game.c is. */
#include "bits.h"
#include "core.h"

size_t herd_num_actions(const herd_game *g)
{
    return g ? g->rules->num_actions(g->state) : 0;
}

int herd_move_to_action(const herd_game *g, herd_move m, size_t *action)
{
    size_t a;
    if (!g || !action || g->rules->action_index(g->state, m, &a) != HERD_OK)
        return HERD_E_ARG;
    *action = a;
    return HERD_OK;
}

int herd_action_to_move(const herd_game *g, size_t action, herd_move *m)
{
    if (!g || !m)
        return HERD_E_ARG;
    if (action >= g->rules->num_actions(g->state))
        return HERD_E_RANGE;
    *m = g->rules->action_move(g->state, action);
    return HERD_OK;
}

/* One position's legal actions by number, in legal()'s order: the rules'
 * legal_indices(), or legal()'s moves numbered in place (a number takes the
 * front of the room of a move already read), so that a call keeps one list
 * on its stack (docs/api.md, "The stack the calls need"). */
typedef union action_list {
    herd_move moves[HERD_MAX_MOVES];
    uint16_t idx[HERD_MAX_MOVES];
} action_list;

/* Fills l->idx; returns the count. */
static size_t legal_indices(const herd_game *g, action_list *l)
{
    const herd_rules *r = g->rules;
    if (r->legal_indices)
        return r->legal_indices(g->state, l->idx);
    size_t n = r->legal(g->state, l->moves);
    for (size_t i = 0; i < n; i++) {
        herd_move m = l->moves[i];
        size_t a = 0;
        r->action_index(g->state, m, &a); /* a legal action has one, below HERD_MAX_ACTIONS */
        l->idx[i] = (uint16_t)a;
    }
    return n;
}

int herd_legal_mask(const herd_game *g, unsigned char *mask, size_t cap, size_t *len)
{
    action_list l;
    if (!g || (!mask && cap))
        return HERD_E_ARG;
    size_t actions = g->rules->num_actions(g->state);
    herd_set_len(len, actions);
    if (cap < actions)
        return HERD_E_BUFFER;
    memset(mask, 0, actions);
    size_t n = legal_indices(g, &l);
    for (size_t i = 0; i < n; i++)
        mask[l.idx[i]] = 1;
    return HERD_OK;
}


int herd_legal_actions(const herd_game *g, size_t *buf, size_t cap, size_t *count)
{
    action_list l;
    uint64_t bits[(HERD_MAX_ACTIONS + 63) / 64];
    if (!g || (!buf && cap))
        return HERD_E_ARG;
    size_t n = legal_indices(g, &l);
    herd_set_len(count, n);
    if (cap < n)
        return HERD_E_BUFFER;
    /* In ascending order through a bit set over the space: a few words to
     * clear and scan, cheaper than sorting in every playout step. */
    size_t words = (g->rules->num_actions(g->state) + 63) / 64;
    memset(bits, 0, words * sizeof *bits);
    for (size_t i = 0; i < n; i++)
        bits[l.idx[i] / 64] |= (uint64_t)1 << (l.idx[i] % 64);
    size_t k = 0;
    for (size_t w = 0; w < words; w++)
        for (uint64_t b = bits[w]; b; b &= b - 1)
            buf[k++] = w * 64 + (unsigned)herd_lowest_bit(b);
    return HERD_OK;
}

int herd_apply_action(herd_game *g, size_t action)
{
    if (!g)
        return HERD_E_ARG;
    size_t actions = g->rules->num_actions(g->state);
    if (action >= actions)
        return herdi_fail(herd_game_msg(g), HERD_E_RANGE, "action %zu is out of range 0..%zu",
                          action, actions - 1);
    return herd_apply(g, g->rules->action_move(g->state, action));
}

/* ------------------------------------------------------- observations */

static size_t observation_size(const herd_game *g)
{
    size_t shape[3];
    g->rules->observation_shape(g->state, shape);
    return shape[0] * shape[1] * shape[2];
}

int herd_observation_shape(const herd_game *g, size_t shape[3])
{
    if (!g || !shape)
        return HERD_E_ARG;
    g->rules->observation_shape(g->state, shape);
    return HERD_OK;
}

int herd_observation(const herd_game *g, int side, float *buf, size_t cap, size_t *len)
{
    if (!g || (!buf && cap) || side < 0 || side > 1)
        return HERD_E_ARG;
    size_t n = observation_size(g);
    herd_set_len(len, n);
    if (cap < n)
        return HERD_E_BUFFER;
    for (size_t i = 0; i < n; i++)
        buf[i] = 0.0f;
    g->rules->observe(g->state, side, buf);
    return HERD_OK;
}

/* ----------------------------------------------------------- playouts */

/* One playout's choices: the rules, the level (or HERD_PLAYOUT_RANDOM),
 * and room for a list of moves (a chance event's outcomes, a random
 * player's legal moves), which herd_playouts() lays after the state. */
typedef struct playout {
    const herd_rules *r;
    int level;
    herd_move *moves;
    uint32_t weights[HERD_MAX_OUTCOMES];
} playout;

/* The next action of a playout: a chance outcome by its weight, a random
 * legal action, or the level's player, all from the state's generator. */
static herd_move next_action(playout *p, void *state)
{
    const herd_rules *r = p->r;
    herd_rng *rng = &((herd_head *)state)->rng;
    if (herd_state_is_chance(r, state)) {
        size_t n = r->chance(state, p->moves, p->weights);
        return p->moves[herdi_rng_pick(rng, p->weights, n, r->chance_total)];
    }
    if (p->level != HERD_PLAYOUT_RANDOM)
        return r->genmove(state, p->level);
    if (r->sparse)
        return r->sparse->nth_legal(state, herdi_rng_below(rng, (uint32_t)r->count(state)));
    size_t n = r->legal(state, p->moves);
    return p->moves[herdi_rng_below(rng, (uint32_t)n)];
}

/* How many actions of one playout pass between two looks at the interrupt
 * request and the progress handler: a game without a move limit may never
 * end, and a look per action would cost the hot path more than it buys. */
#define PLAYOUT_CHECK_EVERY 1024u

/* Plays one game of a playout from `state` to its end or to `max_length`
 * actions (0: no limit), looking at `w` at its start and every
 * PLAYOUT_CHECK_EVERY actions; the actions played go to `length`. */
static int play_one(playout *p, herd_work *w, void *state, uint32_t max_length, uint64_t *length)
{
    const herd_head *h = state;
    uint64_t n = 0;
    while (h->result == HERD_ONGOING && (max_length == 0 || n < max_length)) {
        if (n % PLAYOUT_CHECK_EVERY == 0) {
            int rc = herd_work_check(w);
            if (rc != HERD_OK)
                return rc;
        }
        p->r->play(state, next_action(p, state));
        n++;
    }
    *length = n;
    return HERD_OK;
}

/* The versions of herd_playout_result (internal.h). */
HERD_VERSIONS(playout_result_versions, herd_playout_result, HERD_PLAYOUT_RESULT_VERSION,
              sizeof(herd_playout_result));

/* Where a playout's list of moves begins in its work area: past the state,
 * aligned for a move. */
static size_t list_offset(const herd_rules *r)
{
    return (r->state_size + sizeof(herd_move) - 1) / sizeof(herd_move) * sizeof(herd_move);
}

/* How many moves a playout's list holds at most: a chance event's outcomes,
 * and a random player's legal moves where the game cannot draw its k-th
 * without listing them (sparse). */
static size_t list_length(const herd_rules *r, int level)
{
    size_t n = r->desc.has_chance ? HERD_MAX_OUTCOMES : 0;
    if (level == HERD_PLAYOUT_RANDOM && !r->sparse && r->desc.max_moves > n)
        n = r->desc.max_moves;
    return n;
}

int herd_playouts(const herd_game *g, uint64_t games, int level, uint64_t seed, uint32_t max_length,
                  herd_playout_result *out)
{
    /* The state a game plays on and, after it, its list of moves: one area
     * the size of the largest state and a chance event's outcomes, which
     * holds every game's (herd_move moves[HERD_MAX_MOVES] of its own would
     * double the stack these calls need: docs/api.md, "The stack the calls
     * need"). A level's player keeps its own on its own stack. */
    union {
        max_align_t align;
        unsigned char bytes[HERD_MAX_STATE_SIZE + HERD_MAX_OUTCOMES * sizeof(herd_move)];
    } work;
    if (!g || !out || herdi_version_size(&playout_result_versions, out) == 0)
        return HERD_E_ARG;
    const herd_rules *r = g->rules;
    if (level != HERD_PLAYOUT_RANDOM && (level < 0 || level > r->desc.level_count))
        return HERD_E_RANGE;
    if (level == 0)
        level = r->desc.default_level;
    if (level > 0 && r->levels[level - 1].kind != HERD_LEVEL_OWN)
        return HERD_E_UNSUPPORTED;
    if (list_offset(r) + list_length(r, level) * sizeof(herd_move) > sizeof work.bytes)
        return HERD_E_NOMEM; /* no game has such a state and list: the test `stack` plays each */
    playout p;
    p.r = r;
    p.level = level;
    p.moves = (herd_move *)(void *)(work.bytes + list_offset(r));
    herd_work w;
    herd_msg none = {NULL, 0};
    herd_work_begin(&w, g, none);
    herd_playout_result res = HERD_PLAYOUT_RESULT_INIT;
    res.games = games;
    const herd_head *start = herd_game_head(g);
    if (games == 0 || start->result != HERD_ONGOING) {
        /* Nothing to play: the answer at once, every game of an ended one
         * its result with length 0. A pending request is spent here as by
         * any other call, not left to stop the next one. */
        int rc = herd_work_check(&w);
        if (rc != HERD_OK)
            return rc;
        if (start->result == HERD_WIN)
            res.wins[start->winner] = games;
        else if (start->result == HERD_DRAW)
            res.draws = games;
        else /* HERD_OVER: ended by its players without a result */
            res.unfinished = games;
        return herdi_versioned_write(out, &res, out->version, &playout_result_versions);
    }
    herd_rng seeds;
    herdi_rng_seed(&seeds, seed);
    herd_head *h = (herd_head *)(void *)work.bytes;
    for (uint64_t i = 0; i < games; i++) {
        memcpy(work.bytes, g->state, r->state_size);
        herdi_rng_seed(&h->rng, herdi_rng_next(&seeds));
        uint64_t length;
        int rc = play_one(&p, &w, work.bytes, max_length, &length);
        if (rc != HERD_OK)
            return rc;
        res.actions += length;
        if (h->result == HERD_WIN)
            res.wins[h->winner]++;
        else if (h->result == HERD_DRAW)
            res.draws++;
        else
            res.unfinished++;
    }
    res.mean_length = (double)res.actions / (double)games;
    return herdi_versioned_write(out, &res, out->version, &playout_result_versions);
}
