/* Monte Carlo tree search (UCT) for any game through its rules, chance
 * events included: each playout adds at most one node to the tree, so a
 * budget of N playouts needs N + 1 nodes, allocated once (a budget of work,
 * below, bounds its playouts too). It plays with
 * play(), not search_play(), so that a game that goes on always has a move.
 * A node tries its actions best first by the game's evaluation one action
 * ahead, and only a few of them until it has been visited more
 * (progressive widening): with a few hundred playouts and dozens of
 * actions, visits spread over all of them say little about any. */
#include <math.h>
#include <string.h>

#include "search.h"

/* A playout that has not ended after this many actions is judged by the
 * game's evaluation. */
#define PLAYOUT_LIMIT 400
/* UCB1's exploration constant (sqrt 2 for results in 0..1). */
#define EXPLORE 1.41421356
/* A node visited v times in a search of B playouts makes another child
 * while it has fewer than 1 + WIDEN * sqrt(v * WIDEN_BUDGET / B): 9 at the
 * root in the end, whatever the budget, so that more playouts look deeper
 * into as many actions rather than at more of them (a budget of work takes
 * for B its budget over its first playout's cost). Hex's novice (200
 * playouts) against its greedy player, 100 games each: 67% with 2 for
 * WIDEN, 80% with 1, 88% with 0.5, 78% with 0.25; its expert (1,000
 * playouts) against novice, 53% (60 games) with the width not scaled to
 * the budget (17 at the root), 77.5% (40 games) scaled. */
#define WIDEN 0.5
#define WIDEN_BUDGET 200.0

/* A level's budget counts playouts while its `depth` is 0 (hex's novice and
 * expert). A level with a depth counts its budget in work instead: every
 * action simulated from the root on, the descent's and the playout's,
 * counts ACTION_WORK and the legal actions it was chosen from (which the
 * level-1 player weighs; a chance outcome counts ACTION_WORK alone), a new
 * node RANK_WORK for each action it ranks, and a playout at least `depth`.
 * A playout's length and the actions at each step grow with the board, so
 * such a budget takes about as long on a big board as on a small one, in
 * fewer playouts, and makes more where they are cheap. The floor bounds the
 * playouts, and so the tree's nodes, by budget / depth whatever the
 * position. Counts, never time: the same position and generator give the
 * same action on every machine. The weights fit the processor time of hex's
 * playouts at sizes 5, 9 and 13: an action costs about as much as weighing
 * 16 placements; ranking one (a copy of the state, play and evaluation) is
 * counted as 16 too, of that order but not measured apart. */
#define ACTION_WORK 16
#define RANK_WORK 16

/* Whether the level's budget counts work (it has a depth) or playouts. */
static int counts_work(const herd_level *level)
{
    return level->depth != 0;
}

static uint32_t playouts_at_most(const herd_level *level)
{
    if (!counts_work(level))
        return level->budget;
    return level->budget / level->depth + (level->budget % level->depth != 0);
}

/* WIDEN for a search of about `playouts` playouts. */
static double widen_for(uint64_t playouts)
{
    return WIDEN * sqrt(WIDEN_BUDGET / (double)(playouts ? playouts : 1));
}

/* What one playout that did `work` spends of the level's budget. */
static uint64_t playout_cost(const herd_level *level, uint64_t work)
{
    if (!counts_work(level))
        return 1;
    return work > level->depth ? work : level->depth;
}

typedef struct mcts_node {
    herd_move move;        /* the action that leads here */
    uint32_t first_child;  /* 0: none yet (node 0 is the root) */
    uint32_t next_sibling; /* 0: the last child */
    uint32_t children;     /* children made so far, best first (next_to_try()) */
    uint32_t visits;
    double score; /* results summed for `mover` */
    int mover;    /* the side that chose `move`; -1 for a chance outcome */
} mcts_node;

typedef struct mcts_search {
    const herd_rules *rules;
    herd_rng *rng;
    mcts_node *nodes;
    uint32_t used;
    unsigned char *state; /* the playout's state */
    herd_move *moves;
    uint32_t *weights;
    uint32_t *path;          /* the nodes of this playout's descent */
    unsigned char *ahead;    /* a state one action ahead, to rank actions */
    double widen;            /* WIDEN scaled to the budget */
    const herd_level *level; /* its budget: counts_work() */
    uint64_t work;           /* this playout's, where the level counts work */
    unsigned eval;           /* the level's evaluation, and its table (rules->evaluate) */
    const void *table;
} mcts_search;

/* Counts work only where the budget does: a budget of playouts has none. */
static void add_work(mcts_search *m, uint64_t work)
{
    if (counts_work(m->level))
        m->work += work;
}

static uint32_t new_node(mcts_search *m, uint32_t parent, herd_move move, int mover)
{
    uint32_t i = m->used++;
    mcts_node *n = &m->nodes[i];
    memset(n, 0, sizeof *n);
    n->move = move;
    n->mover = mover;
    /* Prepended: the children's order does not matter to UCB. */
    n->next_sibling = m->nodes[parent].first_child;
    m->nodes[parent].first_child = i;
    return i;
}

static uint32_t find_child(const mcts_search *m, uint32_t parent, herd_move move)
{
    for (uint32_t c = m->nodes[parent].first_child; c; c = m->nodes[c].next_sibling)
        if (m->nodes[c].move == move)
            return c;
    return 0;
}

static uint32_t best_ucb(const mcts_search *m, uint32_t parent)
{
    double log_n = log((double)m->nodes[parent].visits), best = -1.0;
    uint32_t choice = 0;
    for (uint32_t c = m->nodes[parent].first_child; c; c = m->nodes[c].next_sibling) {
        const mcts_node *n = &m->nodes[c];
        double v = n->score / n->visits + EXPLORE * sqrt(log_n / n->visits);
        if (v > best) {
            best = v;
            choice = c;
        }
    }
    return choice;
}

/* A chance outcome drawn by weight, or 0 when no chance event waits. */
static int draw_chance(mcts_search *m, herd_move *out)
{
    const herd_rules *r = m->rules;
    size_t n = r->chance ? r->chance(m->state, m->moves, m->weights) : 0;
    if (n == 0)
        return 0;
    *out = m->moves[herdi_rng_pick(m->rng, m->weights, n, r->chance_total)];
    return 1;
}

/* How good action `move` of m->state is for the side to act, one action
 * ahead: the end if it ends the game, else the game's evaluation. */
static int action_value(mcts_search *m, herd_move move)
{
    const herd_rules *r = m->rules;
    int side = herd_search_head(m->state)->side;
    memcpy(m->ahead, m->state, r->state_size);
    r->play(m->ahead, move);
    const herd_head *h = herd_search_head(m->ahead);
    if (h->result != HERD_ONGOING)
        return h->result == HERD_DRAW ? 0 : h->winner == side ? HERD_SEARCH_WIN : -HERD_SEARCH_WIN;
    int e = r->evaluate ? r->evaluate(m->ahead, m->eval, m->table) : 0;
    return h->side == side ? e : -e;
}

/* The best of the n actions of m->state not yet a child of `node`, by
 * action_value(); the first in legal() order of equals. */
static herd_move next_to_try(mcts_search *m, uint32_t node, size_t n)
{
    herd_move choice = 0;
    int best = 0, found = 0;
    for (size_t k = 0; k < n; k++) {
        if (find_child(m, node, m->moves[k]))
            continue;
        int v = action_value(m, m->moves[k]);
        if (!found || v > best) {
            best = v;
            choice = m->moves[k];
            found = 1;
        }
    }
    return choice;
}

/* Walks down the tree from the root, adding one node where the walk leaves
 * it; returns the length of the path. */
static size_t descend(mcts_search *m)
{
    const herd_rules *r = m->rules;
    uint32_t node = 0;
    size_t len = 0;
    m->path[len++] = 0;
    for (;;) {
        if (herd_search_head(m->state)->result != HERD_ONGOING)
            return len;
        herd_move move;
        uint32_t next;
        add_work(m, ACTION_WORK);
        if (draw_chance(m, &move)) {
            next = find_child(m, node, move);
            if (!next) {
                next = new_node(m, node, move, -1);
                r->play(m->state, move);
                m->path[len++] = next;
                return len;
            }
        } else {
            size_t n = r->legal(m->state, m->moves);
            if (n == 0)
                return len;
            add_work(m, n);
            mcts_node *here = &m->nodes[node];
            double room = 1.0 + m->widen * sqrt((double)here->visits);
            if (here->children < n && here->children < room) {
                here->children++;
                add_work(m, RANK_WORK * n);
                move = next_to_try(m, node, n);
                next = new_node(m, node, move, herd_search_head(m->state)->side);
                r->play(m->state, move);
                m->path[len++] = next;
                return len;
            }
            next = best_ucb(m, node);
            move = m->nodes[next].move;
        }
        r->play(m->state, move);
        m->path[len++] = next;
        node = next;
    }
}

/* Plays random actions to the end (or the limit); returns the winner, -1 for
 * a draw, or the side the evaluation favours at the limit (-1 when even). */
static int playout(mcts_search *m)
{
    const herd_rules *r = m->rules;
    herd_head *h = (herd_head *)(void *)m->state;
    /* Both sides play as the game's simplest player (level 1: random, or
     * greedy where the game's own player is), with a generator of the
     * playout's own; play() keeps the status exact, so a game that goes on
     * has a move. */
    herdi_rng_seed(&h->rng, herdi_rng_next(m->rng));
    for (int ply = 0; ply < PLAYOUT_LIMIT; ply++) {
        if (h->result != HERD_ONGOING)
            return h->result == HERD_WIN ? h->winner : -1;
        herd_move move;
        if (!draw_chance(m, &move)) {
            if (counts_work(m->level)) /* count() walks the actions: only then */
                m->work += r->count(m->state);
            move = r->genmove(m->state, 1);
        }
        add_work(m, ACTION_WORK);
        r->play(m->state, move);
    }
    int e = r->evaluate ? r->evaluate(m->state, m->eval, m->table) : 0;
    int side = herd_search_head(m->state)->side;
    return e > 0 ? side : e < 0 ? !side : -1;
}

size_t herdi_search_mcts_bytes(const herd_rules *r, const herd_level *level)
{
    size_t nodes = (size_t)playouts_at_most(level) + 1;
    /* A path holds the root, then one node per action of the tree. */
    size_t path = nodes + 1;
    return nodes * sizeof(mcts_node) + 2 * r->state_size + r->desc.max_moves * sizeof(herd_move) +
           r->desc.max_moves * sizeof(uint32_t) + path * sizeof(uint32_t);
}

int herdi_search_mcts(herd_search *s, const void *state, const herd_level *level, herd_move *best)
{
    const herd_rules *r = s->rules;
    size_t nodes = (size_t)playouts_at_most(level) + 1;
    size_t bytes = herdi_search_mcts_bytes(r, level);
    unsigned char *work = s->alloc(s->ud, NULL, 0, bytes);
    if (!work)
        return HERD_E_NOMEM;
    mcts_search m = {.rules = r,
                     .rng = s->rng,
                     .nodes = (mcts_node *)(void *)work,
                     .used = 1,
                     .eval = level->eval,
                     .level = level,
                     .table = s->table};
    m.widen = widen_for(playouts_at_most(level));
    m.state = work + nodes * sizeof(mcts_node);
    m.ahead = m.state + r->state_size;
    m.moves = (herd_move *)(void *)(m.ahead + r->state_size);
    m.weights = (uint32_t *)(void *)(m.moves + r->desc.max_moves);
    m.path = m.weights + r->desc.max_moves;
    memset(&m.nodes[0], 0, sizeof m.nodes[0]);
    m.nodes[0].mover = -1;

    int rc = HERD_OK;
    uint32_t playouts = 0;
    for (uint64_t spent = 0; spent < level->budget; playouts++) {
        if (s->stop && (rc = s->stop(s->stop_ctx)) != HERD_OK)
            break;
        memcpy(m.state, state, r->state_size);
        m.work = 0;
        size_t len = descend(&m);
        int winner = playout(&m);
        uint64_t cost = playout_cost(level, m.work);
        /* A budget of work makes about budget / cost playouts of the
         * first's cost; the first expands the root whatever the width. */
        if (playouts == 0 && counts_work(level))
            m.widen = widen_for(level->budget / cost);
        spent += cost;
        for (size_t k = 0; k < len; k++) {
            mcts_node *n = &m.nodes[m.path[k]];
            n->visits++;
            n->score += winner < 0 ? 0.5 : winner == n->mover ? 1.0 : 0.0;
        }
    }

    /* The most visited action; of equals, the one with the better score,
     * then the one tried first (the list runs from the last made to the
     * first): the best by the evaluation when the playouts cannot tell. A
     * root with no children yet (budget 0) takes the first legal one. */
    uint32_t choice = 0;
    for (uint32_t c = m.nodes[0].first_child; c; c = m.nodes[c].next_sibling) {
        const mcts_node *n = &m.nodes[c], *o = &m.nodes[choice];
        if (!choice || n->visits > o->visits || (n->visits == o->visits && n->score >= o->score))
            choice = c;
    }
    if (rc == HERD_OK)
        *best = choice ? m.nodes[choice].move : r->legal(state, m.moves) ? m.moves[0] : 0;
    s->alloc(s->ud, work, bytes, 0);
    s->nodes = playouts;
    return rc;
}
