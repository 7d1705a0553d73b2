/* Alpha-beta search with iterative deepening and a transposition table, for
 * any game through its rules. Values are always from the point of view of the
 * side to act at the root (a max/min search rather than negamax), because in
 * some games one side acts several times in a row (hex's placements). */
#include <string.h>

#include "search.h"

/* Scores this close to a win are wins at a known distance. */
#define NEAR_WIN (HERD_SEARCH_WIN - 10000)

enum { BOUND_EXACT = 1, BOUND_LOWER = 2, BOUND_UPPER = 3 };

typedef struct tt_entry {
    uint64_t key;
    herd_move move;
    int32_t score;
    uint8_t depth;
    uint8_t bound;
} tt_entry;

/* Move ordering beyond the table's move: per ply, the last two actions that
 * cut the search off (killers), and for every action a score of how often
 * it cut off anywhere (history), kept in a small hashed table. */
#define KILLERS 2
#define HISTORY_BITS 12
#define ORDERED 12 /* actions put in history order at a node; the rest keep theirs */

/* A root action the search counts worse than it scores (herd_rules.repeats). */
typedef struct root_penalty {
    herd_move move;
    int32_t points;
} root_penalty;

typedef struct ab_search {
    const herd_rules *rules;
    unsigned eval; /* the level's evaluation, for rules->evaluate */
    herd_move (*killers)[KILLERS]; /* per ply */
    uint32_t *history;             /* 1 << HISTORY_BITS scores */
    int me;                        /* the side to act at the root */
    unsigned char *states;         /* one state per ply */
    herd_move *moves;              /* max_moves actions per ply */
    uint32_t *weights;             /* max_moves chance weights per ply */
    tt_entry *tt;
    size_t tt_mask;
    root_penalty *penalties; /* the root's penalised actions, `penalised` of them */
    size_t penalised;
    uint64_t nodes, budget;
    int out_of_budget;    /* stop: the budget is spent, or rc says why */
    const herd_search *s; /* its stop() */
    int rc;
} ab_search;

static void *state_at(const ab_search *a, unsigned ply)
{
    return a->states + (size_t)ply * a->rules->state_size;
}

/* The table keeps win scores as distances from the node, not the root. */
static int32_t to_table(int score, unsigned ply)
{
    if (score > NEAR_WIN)
        return score + (int)ply;
    if (score < -NEAR_WIN)
        return score - (int)ply;
    return score;
}

static int from_table(int32_t score, unsigned ply)
{
    if (score > NEAR_WIN)
        return score - (int)ply;
    if (score < -NEAR_WIN)
        return score + (int)ply;
    return score;
}

/* The value of an ended game for the root's side, `ply` plies from it. */
static int end_score(const ab_search *a, const herd_head *h, unsigned ply)
{
    if (h->result == HERD_DRAW)
        return 0;
    int win = HERD_SEARCH_WIN - (int)ply;
    return h->winner == a->me ? win : -win;
}

static int leaf_score(const ab_search *a, const void *state)
{
    const herd_rules *r = a->rules;
    int e = r->evaluate ? r->evaluate(state, a->eval, a->s->table) : 0;
    return herd_search_head(state)->side == a->me ? e : -e;
}

static int search(ab_search *a, unsigned ply, unsigned depth, int alpha, int beta);

/* A chance event: the outcomes' values weighted by their probabilities. */
static int chance_value(ab_search *a, unsigned ply, unsigned depth, size_t n)
{
    const herd_rules *r = a->rules;
    herd_move *moves = a->moves + (size_t)ply * r->desc.max_moves;
    uint32_t *weights = a->weights + (size_t)ply * r->desc.max_moves;
    int64_t total = 0;
    for (size_t i = 0; i < n && !a->out_of_budget; i++) {
        memcpy(state_at(a, ply + 1), state_at(a, ply), r->state_size);
        herd_search_play(r, state_at(a, ply + 1), moves[i]);
        total += (int64_t)weights[i] *
                 search(a, ply + 1, depth - 1, -HERD_SEARCH_WIN - 1, HERD_SEARCH_WIN + 1);
    }
    return (int)(total / (int64_t)r->chance_total);
}

/* Puts `first` at position `at` of the list if it is in it, keeping the
 * others' order; says whether it was. */
static int order_at(herd_move *moves, size_t n, size_t at, herd_move first)
{
    for (size_t i = at; i < n; i++)
        if (moves[i] == first) {
            memmove(moves + at + 1, moves + at, (i - at) * sizeof *moves);
            moves[at] = first;
            return 1;
        }
    return 0;
}

static void order_first(herd_move *moves, size_t n, herd_move first)
{
    order_at(moves, n, 0, first);
}

static uint32_t *history_of(const ab_search *a, herd_move m)
{
    return &a->history[(m * 0x9E3779B97F4A7C15u) >> (64 - HISTORY_BITS)];
}

/* The order to try a node's actions in: the table's move, the ply's
 * killers, then the first few others by history. */
static void order_moves(const ab_search *a, herd_move *moves, size_t n, unsigned ply,
                        int table_move, herd_move tm)
{
    size_t at = 0;
    if (table_move)
        at += (size_t)order_at(moves, n, at, tm);
    for (int k = 0; k < KILLERS; k++) /* one already first is not found again */
        at += (size_t)order_at(moves, n, at, a->killers[ply][k]);
    for (size_t end = at + ORDERED < n ? at + ORDERED : n; at < end; at++) {
        size_t best = at;
        for (size_t i = at + 1; i < n; i++)
            if (*history_of(a, moves[i]) > *history_of(a, moves[best]))
                best = i;
        herd_move t = moves[at];
        moves[at] = moves[best];
        moves[best] = t;
    }
}

/* An action that cut the search off: a killer at its ply, and its history
 * grows with the depth below it. */
static void reward(ab_search *a, herd_move m, unsigned ply, unsigned depth)
{
    if (a->killers[ply][0] != m) {
        a->killers[ply][1] = a->killers[ply][0];
        a->killers[ply][0] = m;
    }
    uint32_t *h = history_of(a, m);
    *h += depth * depth;
}

static int search(ab_search *a, unsigned ply, unsigned depth, int alpha, int beta)
{
    const herd_rules *r = a->rules;
    void *state = state_at(a, ply);
    const herd_head *h = herd_search_head(state);
    if (h->result != HERD_ONGOING)
        return end_score(a, h, ply);
    if (depth == 0)
        return leaf_score(a, state);
    if (a->nodes++ >= a->budget) {
        a->nodes = a->budget;
        a->out_of_budget = 1;
        return 0;
    }
    if (a->s->stop && (a->rc = a->s->stop(a->s->stop_ctx)) != HERD_OK) {
        a->out_of_budget = 1;
        return 0;
    }
    herd_move *moves = a->moves + (size_t)ply * r->desc.max_moves;
    if (r->chance) {
        size_t n = r->chance(state, moves, a->weights + (size_t)ply * r->desc.max_moves);
        if (n)
            return chance_value(a, ply, depth, n);
    }
    size_t n = r->legal(state, moves);
    int maximize = h->side == a->me;
    if (n == 0) /* the side to act has no move: it loses */
        return maximize ? -(HERD_SEARCH_WIN - (int)ply) : HERD_SEARCH_WIN - (int)ply;

    uint64_t key = r->hash(state);
    tt_entry *e = &a->tt[key & a->tt_mask];
    int known = e->key == key && e->bound;
    if (known) {
        int v = from_table(e->score, ply);
        if (e->depth >= depth &&
            (e->bound == BOUND_EXACT || (e->bound == BOUND_LOWER && v >= beta) ||
             (e->bound == BOUND_UPPER && v <= alpha)))
            return v;
    }
    order_moves(a, moves, n, ply, known, known ? e->move : 0);

    int a0 = alpha, b0 = beta;
    int best = maximize ? -HERD_SEARCH_WIN - 1 : HERD_SEARCH_WIN + 1;
    herd_move best_move = moves[0];
    for (size_t i = 0; i < n; i++) {
        memcpy(state_at(a, ply + 1), state, r->state_size);
        herd_search_play(r, state_at(a, ply + 1), moves[i]);
        int v = search(a, ply + 1, depth - 1, alpha, beta);
        if (a->out_of_budget)
            return 0;
        if (maximize ? v > best : v < best) {
            best = v;
            best_move = moves[i];
        }
        if (maximize && v > alpha)
            alpha = v;
        if (!maximize && v < beta)
            beta = v;
        if (alpha >= beta) {
            reward(a, moves[i], ply, depth);
            break;
        }
    }
    e->key = key;
    e->move = best_move;
    e->score = to_table(best, ply);
    e->depth = (uint8_t)depth;
    e->bound = best <= a0 ? BOUND_UPPER : best >= b0 ? BOUND_LOWER : BOUND_EXACT;
    return best;
}

/* The points that a root action counts worse than it scores. */
static int penalty_of(const ab_search *a, herd_move m)
{
    for (size_t i = 0; i < a->penalised; i++)
        if (a->penalties[i].move == m)
            return a->penalties[i].points;
    return 0;
}

/* Lists the root's actions that go straight back or into a position the
 * game has stood in before (herd_rules.repeats), with their penalties:
 * each time the position came up counts as much again. `hashes` and
 * `counts` have room for the n actions. */
static void penalise_repeats(ab_search *a, const herd_move *moves, size_t n, uint64_t *hashes,
                             uint32_t *counts)
{
    const herd_rules *r = a->rules;
    if (a->s->played) {
        for (size_t i = 0; i < n; i++) {
            memcpy(state_at(a, 1), state_at(a, 0), r->state_size);
            herd_search_play(r, state_at(a, 1), moves[i]);
            hashes[i] = r->hash(state_at(a, 1));
        }
        a->s->played(a->s->played_ctx, hashes, n, counts); /* writes every count */
    } else {
        memset(counts, 0, n * sizeof *counts);
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t times = counts[i] + (r->repeats(state_at(a, 0), moves[i]) != 0);
        if (times)
            a->penalties[a->penalised++] =
                (root_penalty){moves[i], (int32_t)(times * HERD_SEARCH_REPEAT_PENALTY)};
    }
}

/* One iteration at the root: the best action, the first of equals in the
 * (shuffled) order, so that equally good actions vary with the generator.
 * *searched: how many actions it searched in full before the budget ran
 * out. */
static herd_move root_iteration(ab_search *a, herd_move *moves, size_t n, unsigned depth,
                                int *score, size_t *searched)
{
    const herd_rules *r = a->rules;
    int best = -HERD_SEARCH_WIN - 1;
    herd_move best_move = moves[0];
    *searched = 0;
    for (size_t i = 0; i < n; i++) {
        if (a->s->stop && (a->rc = a->s->stop(a->s->stop_ctx)) != HERD_OK) {
            a->out_of_budget = 1; /* the root checks too: a one-ply search has no inner node */
            break;
        }
        memcpy(state_at(a, 1), state_at(a, 0), r->state_size);
        herd_search_play(r, state_at(a, 1), moves[i]);
        int v = search(a, 1, depth - 1, best, HERD_SEARCH_WIN + 1);
        if (a->out_of_budget)
            break;
        if (v > -NEAR_WIN && v < NEAR_WIN)
            v -= penalty_of(a, moves[i]);
        *searched = i + 1;
        if (v > best) {
            best = v;
            best_move = moves[i];
        }
    }
    *score = best;
    return best_move;
}

static void shuffle(herd_rng *rng, herd_move *moves, size_t n)
{
    for (size_t i = n; i > 1; i--) {
        size_t j = herdi_rng_below(rng, (uint32_t)i);
        herd_move t = moves[i - 1];
        moves[i - 1] = moves[j];
        moves[j] = t;
    }
}

/* The table has a power of two entries: about one per node of the budget
 * up to 2^16, and beyond that one per TABLE_NODES nodes, so that a bigger
 * budget keeps more of its search without the table outgrowing it (a
 * 1,000,000-node budget keeps 2^16 entries, 4,000,000 nodes 2^18). */
#define TABLE_NODES 16

static size_t table_size(uint32_t budget)
{
    size_t n = 1024;
    while (n < budget && n < ((size_t)1 << 16))
        n *= 2;
    while (n < budget / TABLE_NODES)
        n *= 2;
    return n;
}

/* The work area's parts, in the order it holds them. */
typedef struct ab_layout {
    size_t tt_n, killers, root, lists, states, history, counts, bytes;
} ab_layout;

static ab_layout layout(const herd_rules *r, const herd_level *level)
{
    unsigned plies = level->depth + 1;
    ab_layout l;
    l.tt_n = table_size(level->budget);
    l.states = (size_t)plies * r->state_size;
    l.lists = (size_t)plies * r->desc.max_moves;
    l.killers = (size_t)plies * sizeof(herd_move[KILLERS]);
    l.history = ((size_t)1 << HISTORY_BITS) * sizeof(uint32_t);
    /* the root's penalties and its actions' hashes and counts (repeats) */
    size_t root_moves = r->repeats ? r->desc.max_moves : 0;
    l.root = root_moves * (sizeof(root_penalty) + sizeof(uint64_t));
    l.counts = root_moves * sizeof(uint32_t);
    l.bytes = l.tt_n * sizeof(tt_entry) + l.killers + l.root +
              l.lists * (sizeof(herd_move) + sizeof(uint32_t)) + l.states + l.history + l.counts;
    return l;
}

size_t herdi_search_alphabeta_bytes(const herd_rules *r, const herd_level *level)
{
    return layout(r, level).bytes;
}

int herdi_search_alphabeta(herd_search *s, const void *state, const herd_level *level,
                           herd_move *best)
{
    const herd_rules *r = s->rules;
    const ab_layout l = layout(r, level);
    size_t tt_n = l.tt_n, states = l.states, lists = l.lists, killers = l.killers,
           history = l.history, bytes = l.bytes;
    unsigned char *work = s->alloc(s->ud, NULL, 0, bytes);
    if (!work)
        return HERD_E_NOMEM;
    memset(work, 0, tt_n * sizeof(tt_entry) + killers);
    /* The table, the killers, the root's penalties and hashes, the action
     * lists, the states, the weights, the history and the root's counts:
     * from the most to the least aligned. */
    ab_search a = {
        .rules = r,
        .eval = level->eval,
        .me = herd_search_head(state)->side,
        .tt = (tt_entry *)(void *)work,
        .tt_mask = tt_n - 1,
        .killers = (herd_move(*)[KILLERS])(void *)(work + tt_n * sizeof(tt_entry)),
        .budget = level->budget,
        .s = s,
    };
    a.penalties = (root_penalty *)(void *)((unsigned char *)a.killers + killers);
    size_t root_moves = l.counts / sizeof(uint32_t);
    uint64_t *root_hashes = (uint64_t *)(void *)(a.penalties + root_moves);
    a.moves = (herd_move *)(void *)((unsigned char *)a.killers + killers + l.root);
    a.states = (unsigned char *)(a.moves + lists); /* state sizes keep 8-byte alignment */
    a.weights = (uint32_t *)(void *)(a.states + states);
    a.history = a.weights + lists;
    memset(a.history, 0, history);
    uint32_t *root_counts = a.history + history / sizeof(uint32_t);
    memcpy(a.states, state, r->state_size);

    herd_move *moves = a.moves; /* ply 0's list: the root's actions */
    size_t n = r->legal(state, moves);
    shuffle(s->rng, moves, n);
    if (r->repeats)
        penalise_repeats(&a, moves, n, root_hashes, root_counts);
    herd_move choice = n ? moves[0] : 0;
    for (unsigned depth = 1; depth <= level->depth && n > 1; depth++) {
        int score;
        size_t searched;
        herd_move m = root_iteration(&a, moves, n, depth, &score, &searched);
        if (a.rc != HERD_OK)
            break;
        /* An iteration cut short still counts when it searched the previous
         * choice (always first) in full: what beat it in full is better. */
        if (a.out_of_budget && depth > 1) {
            if (searched > 0)
                choice = m;
            break;
        }
        choice = m;
        if (score > NEAR_WIN || score < -NEAR_WIN)
            break; /* the end is in sight: deeper adds nothing */
        order_first(moves, n, choice);
        a.out_of_budget = 0;
    }
    s->alloc(s->ud, work, bytes, 0);
    s->nodes = a.nodes;
    if (a.rc != HERD_OK)
        return a.rc;
    *best = choice;
    return HERD_OK;
}
