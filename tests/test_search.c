/* The alpha-beta search (lib/ai/alphabeta.c) against brute-force minimax on
 * random toy games: its transposition table, killers, history ordering and
 * iterative deepening never change the value of its choice; wins count by
 * their distance wherever the table met their positions; its root penalty
 * for an action that undoes the previous one decides exactly the choices it
 * should; it keeps to its node budget, chooses what one of its iterations
 * could when the budget cuts it short, and chooses the same for the same
 * generator; it fails cleanly without memory. */
#include <limits.h>

#include "ai/search.h"
#include "test_util.h"

/* ------------------------------------------------------------ a toy game */

/* A random game: all about a node (its end, its actions, its evaluation,
 * which actions repeat) is drawn from the game's seed and the node's number,
 * so a state is a few plain bytes and distinct nodes have distinct numbers
 * (the hash below never collides). Three shapes of game:
 * - TOY_TREE: a tree; a node's number is its path from the root, one base-8
 *   digit per action (1..TOY_BRANCH_MAX);
 * - TOY_SAME_PLY: a node is the set of actions played, whatever their order
 *   (3 bits of count per action): distinct paths reach the same node, always
 *   at the same ply, so the table's entries are met again within an
 *   iteration at the depth they were stored with;
 * - TOY_DAG: a node is a height, an index 0..2 and the side to act; each
 *   action goes down 1 to 3 heights (action 1 as far as it can, so that low
 *   nodes are often met first at a shallow ply, then again deeper): distinct
 *   paths reach a node at different plies, so the table gives deeper
 *   results than asked and only a search that sees every end (depth >= the
 *   root's height) is plain minimax.
 * In all three the game ends at height 0, at the latest after `depth`
 * actions. A root may also have a probe: one more action, TOY_PROBE, into a
 * line of single actions that ends after `probe` plies with a win for
 * `probe_winner`: a root action of a chosen value. */
#define TOY_BRANCH_MAX 6
#define TOY_DEPTH_MAX 6
#define TOY_PROBE (TOY_BRANCH_MAX + 1)
#define TOY_MOVES_MAX TOY_PROBE
#define TOY_LINE (UINT32_C(1) << 31) /* the probe's line: TOY_LINE | height */

enum { TOY_TREE, TOY_SAME_PLY, TOY_DAG };

typedef struct toy_state {
    herd_head head;
    uint64_t seed;  /* the game */
    uint32_t node;  /* as the shape says */
    uint8_t shape;  /* TOY_TREE, TOY_SAME_PLY or TOY_DAG */
    uint8_t height; /* the most actions left: 0 is an end */
    uint8_t depth;  /* the root's height */
    uint8_t coarse; /* evaluations in steps of 10 within -150..150 (ties and
                       differences near the repeat penalty are common) */
    uint8_t probe;  /* the probe's plies to its end, 0 for none */
    uint8_t probe_winner;
    uint8_t pad[6];
} toy_state;

/* The searches keep states one after another, 8-byte aligned. */
_Static_assert(sizeof(toy_state) % 8 == 0, "toy_state keeps the states aligned");

/* What the game says about a node. */
typedef struct toy_node {
    int end;          /* HERD_ONGOING, HERD_WIN or HERD_DRAW */
    int winner;       /* for HERD_WIN */
    size_t branching; /* actions while ongoing; 0: the side to act is stuck */
    int value;        /* the evaluation, for the side to act */
    unsigned repeats; /* bit a-1: action a undoes the side's previous one */
} toy_node;

/* SplitMix64's finalizer of seed ^ node * odd: for a given seed, a
 * bijection of the node. */
static uint64_t toy_mix(uint64_t seed, uint64_t node)
{
    uint64_t z = seed ^ (node * UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static toy_node toy_node_of(const toy_state *t)
{
    if (t->node & TOY_LINE) {
        toy_node line = {t->height ? HERD_ONGOING : HERD_WIN, t->probe_winner, 1, 0, 0};
        return line;
    }
    uint64_t r = toy_mix(t->seed, t->node);
    unsigned u = (unsigned)(r % 100);
    int root = t->head.ply == 0; /* toy_play counts the plies */
    toy_node n = {HERD_ONGOING, (int)((r >> 8) & 1), 2 + (size_t)((r >> 12) % 5), 0, 0};
    if (t->height == 0) /* TOY_DAG's are all won: most of its values count plies */
        n.end = u < 70 || t->shape == TOY_DAG ? HERD_WIN : HERD_DRAW;
    else if (!root && u < 10)
        n.end = HERD_WIN;
    else if (!root && u < 14)
        n.end = HERD_DRAW;
    else if (!root && u < 18)
        n.branching = 0;
    n.value = t->coarse ? ((int)((r >> 16) % 31) - 15) * 10 : (int)((r >> 16) % 2001) - 1000;
    n.repeats = (unsigned)(r >> 40) & 0x3F; /* half the actions */
    return n;
}

static size_t toy_legal(const void *state, herd_move *buf)
{
    const toy_state *t = state;
    if (t->head.result != HERD_ONGOING)
        return 0;
    size_t n = toy_node_of(t).branching;
    for (size_t i = 0; i < n; i++)
        buf[i] = i + 1;
    if (t->head.ply == 0 && t->probe)
        buf[n++] = TOY_PROBE;
    return n;
}

/* As a game's search_play: a node where the side to act has no action stays
 * ongoing (the search scores it as that side's loss). */
static void toy_play(void *state, herd_move m)
{
    toy_state *t = state;
    int side = 1 - t->head.side;
    t->head.ply++;
    if (m == TOY_PROBE) {
        t->height = (uint8_t)(t->probe - 1);
        t->node = TOY_LINE | t->height;
    } else if (t->node & TOY_LINE) {
        t->height--;
        t->node = TOY_LINE | t->height;
    } else if (t->shape == TOY_TREE) {
        t->node = t->node * 8 + (uint32_t)m;
        t->height--;
    } else if (t->shape == TOY_SAME_PLY) {
        t->node += UINT32_C(1) << (3 * (m - 1)); /* counts stay below 8 */
        t->height--;
    } else {
        uint64_t r = toy_mix(~t->seed, t->node * 8 + m);
        unsigned most = t->height < 3 ? t->height : 3;
        unsigned down = m == 1 ? most : 1 + (unsigned)(r % most);
        t->height = (uint8_t)(t->height - down);
        t->node = (uint32_t)t->height << 8 | (uint32_t)((r >> 8) % 3) << 1 | (uint32_t)side;
    }
    toy_node n = toy_node_of(t);
    if (n.end == HERD_WIN)
        herd_head_set_win(&t->head, n.winner, HERD_REASON_CAPTURED);
    else if (n.end == HERD_DRAW)
        herd_head_set_draw(&t->head, HERD_REASON_MOVE_LIMIT);
    else
        herd_head_set_ongoing(&t->head, side);
}

static uint64_t toy_hash(const void *state)
{
    /* A bijection of the node's number (SplitMix64's steps each are one):
     * distinct nodes never share a key, and the keys spread over the table. */
    return toy_mix(0, ((const toy_state *)state)->node);
}

static int toy_value(const void *state)
{
    return toy_node_of(state).value;
}

static int toy_evaluate(const void *state, unsigned eval, const void *table)
{
    (void)eval, (void)table;
    return toy_value(state);
}

static int toy_repeats(const void *state, herd_move m)
{
    return (int)(toy_node_of(state).repeats >> (m - 1)) & 1;
}

static herd_rules toy_rules(int with_repeats)
{
    herd_rules r = {0};
    r.desc.name = "toy";
    r.state_size = sizeof(toy_state);
    r.desc.max_moves = TOY_MOVES_MAX;
    r.legal = toy_legal;
    r.play = toy_play;
    r.hash = toy_hash;
    r.evaluate = toy_evaluate;
    r.repeats = with_repeats ? toy_repeats : NULL;
    return r;
}

/* The root of a game of the given shape and depth, `side` to act. */
static toy_state toy_root(int shape, uint64_t seed, unsigned depth, int side, int coarse)
{
    toy_state t;
    memset(&t, 0, sizeof t);
    herdi_rng_seed(&t.head.rng, seed);
    herd_head_set_ongoing(&t.head, side);
    t.seed = seed;
    t.shape = (uint8_t)shape;
    t.height = t.depth = (uint8_t)depth;
    t.coarse = (uint8_t)coarse;
    if (shape == TOY_DAG)
        t.node = (uint32_t)depth << 8 | (uint32_t)side;
    return t;
}

/* ----------------------------------------------------- brute force */

/* Plain minimax to `depth` plies, scored as the search scores: values for
 * the root's side `me`; an end `ply` plies from the root is worth
 * HERD_SEARCH_WIN - ply to its winner (0 drawn), checked before the depth
 * runs out; a side to act without action loses there; at depth 0 the
 * evaluation, which is for the side to act. */
static int minimax(const toy_state *t, unsigned ply, unsigned depth, int me)
{
    const herd_head *h = &t->head;
    int win = HERD_SEARCH_WIN - (int)ply;
    if (h->result != HERD_ONGOING)
        return h->result == HERD_DRAW ? 0 : h->winner == me ? win : -win;
    if (depth == 0)
        return h->side == me ? toy_value(t) : -toy_value(t);
    herd_move moves[TOY_MOVES_MAX];
    size_t n = toy_legal(t, moves);
    int maximize = h->side == me;
    if (n == 0)
        return maximize ? -win : win;
    int best = maximize ? INT_MIN : INT_MAX;
    for (size_t i = 0; i < n; i++) {
        toy_state child = *t;
        toy_play(&child, moves[i]);
        int v = minimax(&child, ply + 1, depth - 1, me);
        if (maximize ? v > best : v < best)
            best = v;
    }
    return best;
}

/* The minimax value to `depth` plies of each root action a in value[a - 1]
 * (INT_MIN for a number that is no action); returns the highest action. */
static size_t root_values(const toy_state *root, unsigned depth, int *value)
{
    herd_move moves[TOY_MOVES_MAX];
    size_t n = toy_legal(root, moves), top = 0;
    for (size_t i = 0; i < TOY_MOVES_MAX; i++)
        value[i] = INT_MIN;
    for (size_t i = 0; i < n; i++) {
        toy_state child = *root;
        toy_play(&child, moves[i]);
        value[moves[i] - 1] = minimax(&child, 1, depth - 1, root->head.side);
        top = moves[i] > top ? moves[i] : top;
    }
    return top;
}

static int max_of(const int *v, size_t n)
{
    int best = INT_MIN;
    for (size_t i = 0; i < n; i++)
        if (v[i] > best)
            best = v[i];
    return best;
}

/* ----------------------------------------------------- running a search */

/* More nodes than a search of a toy tree needs (a few hundred at most),
 * and few enough that the table is its smallest, 1024 entries: entries of
 * distinct nodes then share slots, and the search must tell them apart. */
#define BUDGET_LARGE 1000u

/* Searches the root with a fresh allocator and a generator seeded with
 * rng_seed; checks what every search must do (the root unchanged, its memory
 * given back, a root action chosen) and returns the choice. */
static herd_move search_root(const herd_rules *rules, const toy_state *root, unsigned depth,
                             uint32_t budget, uint64_t rng_seed, uint64_t *nodes)
{
    herd_level level = {"test", "", HERD_LEVEL_ALPHABETA, depth, budget, 0};
    herd_rng rng;
    herdi_rng_seed(&rng, rng_seed);
    test_alloc a;
    ta_init(&a);
    herd_search s = {rules, ta_fn, &a, &rng, NULL, NULL, 0, NULL, NULL, NULL};
    toy_state before = *root;
    herd_move m = 0;
    assert_int_equal(herdi_search_alphabeta(&s, root, &level, &m), HERD_OK);
    assert_memory_equal(root, &before, sizeof before);
    assert_int_equal(a.live_blocks, 0);
    assert_int_equal(a.bad_old_size + a.bad_pointer, 0);
    herd_move moves[TOY_MOVES_MAX];
    size_t n = toy_legal(root, moves), legal = 0;
    for (size_t i = 0; i < n; i++)
        legal |= moves[i] == m;
    assert_true(legal);
    assert_true(budget != BUDGET_LARGE || s.nodes < budget); /* it did not stop short */
    if (nodes)
        *nodes = s.nodes;
    return m;
}

/* ------------------------------------------------------------ the tests */

#define GAMES 1000

static toy_state random_root(test_rng *tr, int shape, int coarse)
{
    uint64_t seed = trng_next(tr);
    unsigned depth = 1 + trng_below(tr, TOY_DEPTH_MAX);
    return toy_root(shape, seed, depth, (int)trng_below(tr, 2), coarse);
}

/* The shallowest search that plain minimax describes (see TOY_DAG). */
static unsigned first_depth(const toy_state *root)
{
    return root->shape == TOY_DAG ? root->depth : 1;
}

/* Whatever the table, the killers, the history and the iterations did, the
 * action chosen at depth d is worth the best minimax value at depth d. */
static void alphabeta_choice_has_the_minimax_value(void **state)
{
    (void)state;
    const herd_rules rules = toy_rules(0);
    test_rng tr;
    trng_seed(&tr, 1);
    int decisive = 0; /* searches where some root action was worse */
    int searches = 0;
    for (int k = 0; k < GAMES; k++) {
        toy_state root = random_root(&tr, k % 3, k % 4 == 0);
        for (unsigned depth = first_depth(&root); depth <= TOY_DEPTH_MAX + 1; depth++) {
            int value[TOY_MOVES_MAX];
            size_t n = root_values(&root, depth, value);
            int best = max_of(value, n);
            herd_move m = search_root(&rules, &root, depth, BUDGET_LARGE, trng_next(&tr), NULL);
            if (value[m - 1] != best)
                print_error("game %d (shape %d, seed %llu, depth %u), search depth %u: chose %u "
                            "worth %d, best %d\n",
                            k, root.shape, (unsigned long long)root.seed, root.depth, depth,
                            (unsigned)m, value[m - 1], best);
            assert_int_equal(value[m - 1], best);
            searches++;
            for (size_t i = 0; i < n; i++)
                if (value[i] < best) {
                    decisive++;
                    break;
                }
        }
    }
    /* The games give the search real choices to get wrong. */
    assert_true(decisive > searches * 3 / 4);
}

#define DECIDED (HERD_SEARCH_WIN - 1000) /* beyond: a win or a loss */

/* Where the searches see every end, a win counts by its distance, however
 * the table met its positions (TOY_DAG: at other plies than it stored them):
 * a probe a ply nearer than the best win (or a ply further than the least
 * bad loss) is chosen, one a ply further (nearer) is not. */
static void alphabeta_wins_soonest_and_loses_latest(void **state)
{
    (void)state;
    const herd_rules rules = toy_rules(0);
    test_rng tr;
    trng_seed(&tr, 4);
    int probed = 0;
    for (int k = 0; k < GAMES; k++) {
        toy_state root = random_root(&tr, TOY_DAG, 0);
        unsigned depth = root.depth + 1; /* the probes' lines end within it */
        int value[TOY_MOVES_MAX];
        int best = max_of(value, root_values(&root, depth, value));
        if (best > -DECIDED && best < DECIDED)
            continue; /* a draw */
        int me = root.head.side, wins = best > 0;
        unsigned plies = (unsigned)(HERD_SEARCH_WIN - (wins ? best : -best));
        for (int better = 0; better < 2; better++) {
            toy_state probed_root = root;
            probed_root.probe_winner = (uint8_t)(wins ? me : 1 - me);
            probed_root.probe = (uint8_t)(wins == better ? plies - 1 : plies + 1);
            if (probed_root.probe == 0)
                continue; /* no win is nearer than one ply */
            size_t n = root_values(&probed_root, depth, value);
            herd_move m =
                search_root(&rules, &probed_root, depth, BUDGET_LARGE, trng_next(&tr), NULL);
            if (value[m - 1] != max_of(value, n) || (m == TOY_PROBE) != better)
                print_error("game %d (seed %llu, depth %u): best %d, probe %d: chose %u worth "
                            "%d\n",
                            k, (unsigned long long)root.seed, root.depth, best,
                            value[TOY_PROBE - 1], (unsigned)m, value[m - 1]);
            assert_int_equal(value[m - 1], max_of(value, n));
            assert_int_equal(m == TOY_PROBE, better);
            probed++;
        }
    }
    assert_true(probed > GAMES);
}

/* The root counts an action that undoes the previous one REPEAT_PENALTY
 * worse, unless it wins or loses: it chooses among the best by that count.
 * (A repeat exactly that much better than the best other action counts the
 * same as it, so either may be chosen.) */
#define REPEAT_PENALTY HERD_SEARCH_REPEAT_PENALTY

static void alphabeta_counts_a_repeat_worse_at_the_root(void **state)
{
    (void)state;
    const herd_rules rules = toy_rules(1);
    test_rng tr;
    trng_seed(&tr, 2);
    int avoided = 0; /* a repeat was best but a new action within the penalty was chosen */
    int taken = 0;   /* a repeat better by more than the penalty was chosen */
    for (int k = 0; k < GAMES; k++) {
        toy_state root = random_root(&tr, k % 3, k % 4 != 0);
        unsigned repeats = toy_node_of(&root).repeats;
        for (unsigned depth = first_depth(&root); depth <= TOY_DEPTH_MAX; depth++) {
            int value[TOY_MOVES_MAX], counted[TOY_MOVES_MAX] = {0};
            size_t n = root_values(&root, depth, value);
            int best_new = INT_MIN, best_repeat = INT_MIN;
            for (size_t i = 0; i < n; i++) {
                int repeat = (int)(repeats >> i) & 1;
                int decided = value[i] > DECIDED || value[i] < -DECIDED;
                counted[i] = value[i] - (repeat && !decided ? REPEAT_PENALTY : 0);
                if (repeat && value[i] > best_repeat)
                    best_repeat = value[i];
                if (!repeat && value[i] > best_new)
                    best_new = value[i];
            }
            herd_move m = search_root(&rules, &root, depth, BUDGET_LARGE, trng_next(&tr), NULL);
            int chose_repeat = (int)(repeats >> (m - 1)) & 1;
            if (counted[m - 1] != max_of(counted, n))
                print_error("game %d (shape %d, seed %llu), depth %u: chose %u (%s) worth %d, "
                            "best repeat %d, best other %d\n",
                            k, root.shape, (unsigned long long)root.seed, depth, (unsigned)m,
                            chose_repeat ? "repeat" : "new", value[m - 1], best_repeat, best_new);
            assert_int_equal(counted[m - 1], max_of(counted, n));
            int plain = best_repeat > -DECIDED && best_repeat < DECIDED && best_new > -DECIDED;
            if (plain && best_new != INT_MIN && best_repeat > best_new) {
                if (best_repeat - best_new < REPEAT_PENALTY) {
                    assert_false(chose_repeat);
                    avoided++;
                }
                if (best_repeat - best_new > REPEAT_PENALTY) {
                    assert_true(chose_repeat);
                    taken++;
                }
            }
        }
    }
    /* Both sides of the penalty were tried. */
    assert_true(avoided >= 20);
    assert_true(taken >= 20);
}

/* Whether a search to TOY_DEPTH_MAX plies cut short by its budget could
 * choose c: its deepening keeps the choice of the last complete iteration, at
 * some depth j, unless the cut one found in full an action better at depth
 * j + 1. (Plain minimax is each iteration's value but in TOY_DAG.) */
static int choice_of_some_iteration(const toy_state *root, herd_move c)
{
    int value[TOY_DEPTH_MAX + 1][TOY_MOVES_MAX];
    size_t top = 0;
    for (unsigned j = 1; j <= TOY_DEPTH_MAX; j++)
        top = root_values(root, j, value[j]);
    for (unsigned j = 1; j <= TOY_DEPTH_MAX; j++) {
        int best = max_of(value[j], top);
        if (value[j][c - 1] == best)
            return 1;
        for (size_t b = 0; b < top && j < TOY_DEPTH_MAX; b++)
            if (value[j][b] == best && value[j + 1][c - 1] > value[j + 1][b])
                return 1;
    }
    return 0;
}

/* With a small budget the search stays within it, chooses a root action
 * that some iteration could choose, and chooses the same for the same
 * generator; when the budget was not spent, it chose what the unlimited
 * search chooses. */
static void alphabeta_keeps_to_a_small_budget_and_repeats_itself(void **state)
{
    (void)state;
    const herd_rules rules = toy_rules(0);
    const uint32_t budgets[] = {1, 2, 3, 5, 8, 20, 50, 200, 1000};
    test_rng tr;
    trng_seed(&tr, 3);
    int spent = 0, completed = 0;
    for (int k = 0; k < 100; k++) {
        toy_state root = random_root(&tr, k % 3, k % 2);
        uint64_t rng_seed = trng_next(&tr);
        herd_move unlimited =
            search_root(&rules, &root, TOY_DEPTH_MAX, BUDGET_LARGE, rng_seed, NULL);
        for (size_t b = 0; b < sizeof budgets / sizeof budgets[0]; b++) {
            uint64_t nodes, again_nodes;
            herd_move m = search_root(&rules, &root, TOY_DEPTH_MAX, budgets[b], rng_seed, &nodes);
            herd_move again =
                search_root(&rules, &root, TOY_DEPTH_MAX, budgets[b], rng_seed, &again_nodes);
            assert_true(nodes <= budgets[b]);
            assert_true(m == again);
            assert_true(nodes == again_nodes);
            if (nodes < budgets[b]) {
                assert_true(m == unlimited);
                completed++;
            } else {
                spent++;
            }
            if (root.shape != TOY_DAG)
                assert_true(choice_of_some_iteration(&root, m));
        }
    }
    assert_true(spent >= 100);
    assert_true(completed >= 50);
}

/* An allocator that refuses: HERD_E_NOMEM, and nothing changed. */
static void alphabeta_without_memory_fails_cleanly(void **state)
{
    (void)state;
    const herd_rules rules = toy_rules(1);
    toy_state root = toy_root(TOY_TREE, 7, TOY_DEPTH_MAX, 0, 0);
    toy_state before = root;
    herd_level level = {"test", "", HERD_LEVEL_ALPHABETA, 4, 1000, 0};
    herd_rng rng, rng_before;
    herdi_rng_seed(&rng, 7);
    rng_before = rng;
    test_alloc a;
    ta_init(&a);
    a.fail_from = 1;
    herd_search s = {&rules, ta_fn, &a, &rng, NULL, NULL, 0, NULL, NULL, NULL};
    herd_move m = 99;
    assert_int_equal(herdi_search_alphabeta(&s, &root, &level, &m), HERD_E_NOMEM);
    assert_true(m == 99);
    assert_true(a.failures >= 1);
    assert_int_equal(a.live_blocks, 0);
    assert_memory_equal(&root, &before, sizeof root);
    assert_memory_equal(&rng, &rng_before, sizeof rng);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(alphabeta_choice_has_the_minimax_value),
        cmocka_unit_test(alphabeta_wins_soonest_and_loses_latest),
        cmocka_unit_test(alphabeta_counts_a_repeat_worse_at_the_root),
        cmocka_unit_test(alphabeta_keeps_to_a_small_budget_and_repeats_itself),
        cmocka_unit_test(alphabeta_without_memory_fails_cleanly),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
