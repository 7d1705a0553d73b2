/* The computer players' searches (lib/ai/): they take a win in one, find a
 * forced win in two, never play an illegal action, keep to their budgets,
 * choose the same for the same generator, vary with it, and fail cleanly
 * when memory runs out. */
#include <stdalign.h>

#include "ai/search.h"
#include "core.h" /* herdi_history_count() */
#include "grid.h"
#include "horses_model.h"
#include "test_games.h"

/* The rules of game k of the registry (for the kind of each level). */
static const herd_rules *rules_at(size_t k)
{
    assert_ptr_equal(&herdi_all_rules[k]->desc, herd_game_desc_at(k));
    return herdi_all_rules[k];
}

/* The rules of the game of that name. */
static const herd_rules *rules_named(const char *name)
{
    const herd_rules *r = herdi_rules_of(herd_game_desc_find(name));
    assert_non_null(r);
    return r;
}

/* One tree search of `state` at `level`, from generator seed 1, with a
 * counting allocator that must get all its memory back; returns the
 * playouts made. */
static uint64_t search_mcts_once(const herd_rules *r, const void *state, const herd_level *level,
                                 herd_move *m)
{
    herd_rng rng;
    herdi_rng_seed(&rng, 1);
    test_alloc a;
    ta_init(&a);
    herd_search s = {r, ta_fn, &a, &rng, NULL, NULL, 0, NULL, NULL, NULL};
    assert_int_equal(herdi_search_mcts(&s, state, level, m), HERD_OK);
    assert_int_equal(a.live_blocks, 0);
    return s.nodes;
}

/* Game k of the registry, on its smallest board: a quick game. */
static herd_game *quick_game_at(size_t k, herd_alloc_fn alloc, void *ud)
{
    game_case c = quick_case(herd_game_desc_at(k), 5);
    return case_new(&c, alloc, ud);
}

/* Whether playing m wins at once for the side to act. */
static int wins_at_once(herd_game *g, herd_move m)
{
    herd_status before, after;
    herd_get_status(g, &before);
    if (herd_apply(g, m) != HERD_OK)
        return 0;
    herd_get_status(g, &after);
    assert_int_equal(herd_undo(g), HERD_OK);
    return after.result == HERD_WIN && after.side == before.side;
}

static int has_win_in_one(herd_game *g)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n; i++)
        if (wins_at_once(g, moves[i]))
            return 1;
    return 0;
}

/* Whether m wins in two: it wins at once, or every reply of the other side
 * leaves a win in one (a game where the other side has no reply has ended). */
static int wins_in_two(herd_game *g, herd_move m)
{
    if (wins_at_once(g, m))
        return 1;
    assert_int_equal(herd_apply(g, m), HERD_OK);
    herd_move replies[HERD_MAX_MOVES];
    size_t n;
    int all = is_ongoing(g);
    assert_int_equal(herd_legal_moves(g, replies, HERD_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n && all; i++) {
        assert_int_equal(herd_apply(g, replies[i]), HERD_OK);
        all = is_ongoing(g) && has_win_in_one(g);
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    assert_int_equal(herd_undo(g), HERD_OK);
    return all;
}

/* Green's f7 and g6 are each a jump from h8, which is empty. */
#define HORSES_WIN_IN_ONE "horses w=8 h=8 turn=green green=d3,e5,g6,f7 red=a8,b6,c8,c4"

static void every_search_level_takes_a_win_in_one(void **state)
{
    (void)state;
    herd_game *g = game_from_text(HORSES_WIN_IN_ONE);
    for (int level = 2; level <= herd_max_level(g); level++) {
        herd_move m;
        assert_int_equal(herd_genmove(g, level, &m), HERD_OK);
        if (!wins_at_once(g, m))
            fail_msg("level %d missed the win in one", level);
    }
    /* The tree search too, which serves any game. */
    herd_level mcts = {"test", "", HERD_LEVEL_MCTS, 0, 300, 0};
    herd_move m;
    search_mcts_once(rules_named("horses"), herdi_game_state(g, HERD_HORSES), &mcts, &m);
    assert_true(wins_at_once(g, m));
    herd_free(g);
}

/* A game made for the tree search's width: the first side picks one of
 * WIDE actions, the other's only action ends it drawn, and the evaluation
 * (from the side to act's point of view) ranks the first actions by their
 * number, the highest best. A playout starts once from each child of the
 * root, so the playouts' first positions name the children made. */
#define WIDE 40

typedef struct wide_state {
    herd_head head;
    herd_move picked; /* the first side's action, 0 before it */
} wide_state;

static int wide_children[WIDE + 1];

static size_t wide_legal(const void *state, herd_move *buf)
{
    const wide_state *s = state;
    size_t n = s->picked ? 1 : WIDE;
    for (size_t i = 0; i < n; i++)
        buf[i] = i + 1;
    return n;
}

static size_t wide_count(const void *state)
{
    const wide_state *s = state;
    return s->picked ? 1 : WIDE;
}

static void wide_play(void *state, herd_move m)
{
    wide_state *s = state;
    if (s->picked) {
        herd_head_set_draw(&s->head, HERD_REASON_NO_MOVES);
    } else {
        s->picked = m;
        herd_head_set_ongoing(&s->head, 1);
    }
}

static int wide_evaluate(const void *state, unsigned eval, const void *table)
{
    (void)eval, (void)table;
    const wide_state *s = state;
    return -(int)s->picked; /* the second side to act: the first's gain is its loss */
}

static herd_move wide_genmove(void *state, int level)
{
    const wide_state *s = state;
    (void)level;
    wide_children[s->picked] = 1;
    return 1;
}

static const herd_rules wide = {
    .desc = {.max_moves = WIDE},
    .state_size = sizeof(wide_state),
    .legal = wide_legal,
    .count = wide_count,
    .play = wide_play,
    .evaluate = wide_evaluate,
    .genmove = wide_genmove,
};

/* The tree search widens a node by its visits, scaled to the budget: the
 * root ends with 9 children of its 40 actions, whatever the budget, and
 * they are the 9 best by the evaluation one action ahead. */
static void tree_search_widens_with_the_visits(void **state)
{
    (void)state;
    /* 200 and 1,000 playouts, then a budget of work whose every playout
     * costs its floor: 300 playouts, the first's cost telling how many. */
    static const herd_level levels[] = {{"test", "", HERD_LEVEL_MCTS, 0, 200, 0},
                                        {"test", "", HERD_LEVEL_MCTS, 0, 1000, 0},
                                        {"test", "", HERD_LEVEL_MCTS, 100000, 300 * 100000, 0}};
    static const uint64_t playouts[] = {200, 1000, 300};
    for (size_t b = 0; b < sizeof levels / sizeof levels[0]; b++) {
        wide_state start;
        memset(&start, 0, sizeof start);
        herd_head_set_ongoing(&start.head, 0);
        memset(wide_children, 0, sizeof wide_children);
        herd_move m;
        assert_int_equal(search_mcts_once(&wide, &start, &levels[b], &m), playouts[b]);
        int made = 0;
        for (int k = 1; k <= WIDE; k++)
            made += wide_children[k];
        assert_int_equal(made, 9);
        for (int k = WIDE - 8; k <= WIDE; k++)
            assert_true(wide_children[k]);
    }
}

/* A budget of work counts each playout at least its floor (the level's
 * depth), so its playouts, and the nodes its memory holds, are at most the
 * budget over the floor, rounded up, whatever the position: here 10, in the
 * memory of a search of 10 playouts. */
static void tree_search_work_floor_bounds_the_playouts(void **state)
{
    (void)state;
    herd_level work = {"test", "", HERD_LEVEL_MCTS, 100000, 950000, 0};
    herd_level ten = {"test", "", HERD_LEVEL_MCTS, 0, 10, 0};
    assert_int_equal(herdi_search_mcts_bytes(&wide, &work), herdi_search_mcts_bytes(&wide, &ten));
    wide_state start;
    memset(&start, 0, sizeof start);
    herd_head_set_ongoing(&start.head, 0);
    herd_rng rng;
    herdi_rng_seed(&rng, 1);
    peak_alloc p;
    peak_init(&p);
    herd_search s = {&wide, peak_fn, &p, &rng, NULL, NULL, 0, NULL, NULL, NULL};
    herd_move m;
    assert_int_equal(herdi_search_mcts(&s, &start, &work, &m), HERD_OK);
    assert_int_equal(s.nodes, 10);
    assert_int_equal(p.peak, herdi_search_mcts_bytes(&wide, &work));
    assert_int_equal(p.a.live_blocks, 0);
}

/* Hex's playouts grow with the board: a budget of playouts makes them all
 * on any board, a budget of work fewer where each costs more (size 13's
 * 469 cells against size 5's 61), and so takes about as long on both. */
static void tree_search_work_makes_fewer_playouts_on_a_bigger_board(void **state)
{
    (void)state;
    herd_level playouts = {"test", "", HERD_LEVEL_MCTS, 0, 50, 0};
    herd_level work = {"test", "", HERD_LEVEL_MCTS, 4000, 2000000, 0};
    uint64_t made[2][2];
    static const char *const options[] = {"size=5 seed=1", "size=13 seed=1"};
    for (int b = 0; b < 2; b++) {
        herd_game *g;
        assert_int_equal(herd_new("hex", options[b], NULL, NULL, &g, NULL), HERD_OK);
        herd_move roll;
        assert_int_equal(herd_roll(g, &roll), HERD_OK);
        for (int k = 0; k < 2; k++) {
            herd_move m;
            made[b][k] = search_mcts_once(rules_named("hex"), herdi_game_state(g, HERD_HEX),
                                          k ? &work : &playouts, &m);
        }
        herd_free(g);
    }
    assert_int_equal(made[0][0], 50);
    assert_int_equal(made[1][0], 50);
    assert_true(made[1][1] > 0);
    if (made[1][1] * 4 > made[0][1])
        fail_msg("work: %llu playouts at size 5, %llu at size 13",
                 (unsigned long long)made[0][1], (unsigned long long)made[1][1]);
}

/* Positions from random games where the side to act has no win in one but a
 * forced win in two: the levels that look three plies ahead find one. */
static void deep_levels_find_a_forced_win_in_two(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed < 400 && found < 6; seed++) {
        char options[64];
        snprintf(options, sizeof options, "seed=%llu", (unsigned long long)seed);
        herd_game *g = new_game(options);
        while (is_ongoing(g) && found < 6) {
            herd_status st;
            herd_get_status(g, &st);
            int distance;
            assert_int_equal(herd_horses_progress(g, st.side, &distance, NULL), HERD_OK);
            if (distance == 2 && !has_win_in_one(g)) {
                herd_move moves[HERD_MAX_MOVES];
                size_t n;
                int exists = 0;
                assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
                for (size_t i = 0; i < n && !exists; i++)
                    exists = wins_in_two(g, moves[i]);
                if (exists) {
                    herd_move m;
                    assert_int_equal(herd_genmove(g, 4, &m), HERD_OK);
                    if (!wins_in_two(g, m)) {
                        char text[TEXT_CAP];
                        position_text(g, text);
                        fail_msg("level 4 missed the win in two of %s", text);
                    }
                    found++;
                }
            }
            assert_int_equal(herd_play_genmove(g, 1, NULL), HERD_OK);
        }
        herd_free(g);
    }
    assert_true(found >= 3); /* the check above ran on real cases */
}

/* Whether some action of the side to act lets the other side win at once,
 * and some other does not. */
static int has_a_losing_and_a_safe_move(herd_game *g)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    int losing = 0, safe = 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n && !(losing && safe); i++) {
        assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
        if (is_ongoing(g) && has_win_in_one(g))
            losing = 1;
        else
            safe = 1;
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    return losing && safe;
}

/* Positions from random games where one action hands the other side a win
 * in one and another does not: the levels that look two plies ahead never
 * choose such an action. */
static void search_levels_do_not_hand_over_a_win(void **state)
{
    (void)state;
    int found = 0;
    for (uint64_t seed = 1; seed < 400 && found < 6; seed++) {
        char options[64];
        snprintf(options, sizeof options, "seed=%llu", (unsigned long long)seed);
        herd_game *g = new_game(options);
        while (is_ongoing(g) && found < 6) {
            herd_status st;
            herd_get_status(g, &st);
            int distance;
            assert_int_equal(herd_horses_progress(g, !st.side, &distance, NULL), HERD_OK);
            if (distance <= 2 && has_a_losing_and_a_safe_move(g)) {
                for (int level = 3; level <= herd_max_level(g); level++) {
                    herd_move m;
                    assert_int_equal(herd_genmove(g, level, &m), HERD_OK);
                    assert_int_equal(herd_apply(g, m), HERD_OK);
                    if (is_ongoing(g) && has_win_in_one(g))
                        fail_msg("level %d handed over a win in one", level);
                    assert_int_equal(herd_undo(g), HERD_OK);
                }
                found++;
            }
            assert_int_equal(herd_play_genmove(g, 1, NULL), HERD_OK);
        }
        herd_free(g);
    }
    assert_true(found >= 3);
}

/* Whole games between the levels of each game, 120 of the computer's
 * actions in all (a quick game ends sooner: then another, with the next
 * seed): every action the computer chooses is legal (herd_play_genmove
 * checks it fully). */
static void every_level_plays_only_legal_actions(void **state)
{
    (void)state;
    for (size_t k = 0; k < herd_game_count(); k++) {
        herd_game *g = quick_game_at(k, NULL, NULL);
        int top = herd_max_level(g), games = 1;
        for (int ply = 0; ply < 120;) {
            if (!is_ongoing(g)) {
                herd_free(g);
                game_case c = quick_case(herd_game_desc_at(k), (uint64_t)(5 + games++));
                g = case_new(&c, NULL, NULL);
            }
            if (herd_is_chance(g)) {
                assert_int_equal(herd_roll(g, NULL), HERD_OK);
                continue;
            }
            herd_move m;
            int level = 1 + ply % top;
            assert_int_equal(herd_genmove(g, level, &m), HERD_OK);
            assert_true(herd_is_legal(g, m));
            assert_int_equal(herd_apply(g, m), HERD_OK);
            ply++;
        }
        herd_free(g);
    }
}

static void alphabeta_keeps_to_its_node_budget(void **state)
{
    (void)state;
    herd_game *g = new_game("w=12 h=10 n=8 seed=3");
    const uint32_t budgets[] = {1, 50, 500, 5000};
    for (size_t i = 0; i < sizeof budgets / sizeof budgets[0]; i++) {
        herd_level deep = {"test", "", HERD_LEVEL_ALPHABETA, 8, budgets[i], 0};
        herd_rng rng;
        herdi_rng_seed(&rng, 9);
        herd_search s = {rules_named("horses"), ta_fn, NULL, &rng, NULL, NULL, 0, NULL, NULL, NULL};
        test_alloc a;
        ta_init(&a);
        s.ud = &a;
        herd_move m;
        assert_int_equal(herdi_search_alphabeta(&s, herdi_game_state(g, HERD_HORSES), &deep, &m),
                         HERD_OK);
        assert_true(s.nodes <= budgets[i]);
        assert_true(s.nodes > 0 || budgets[i] < 2);
        assert_true(herd_is_legal(g, m));
        assert_int_equal(a.live_blocks, 0);
    }
    herd_free(g);
}

/* The same generator state gives the same choice; other seeds give others. */
static void choices_repeat_with_the_generator_and_vary_with_the_seed(void **state)
{
    (void)state;
    for (size_t k = 0; k < herd_game_count(); k++) {
        herd_game *g = quick_game_at(k, NULL, NULL);
        while (herd_is_chance(g))
            assert_int_equal(herd_roll(g, NULL), HERD_OK);
        for (int level = 1; level <= herd_max_level(g); level++) {
            herd_game *c;
            herd_move a, b;
            assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
            assert_int_equal(herd_genmove(g, level, &a), HERD_OK);
            assert_int_equal(herd_genmove(c, level, &b), HERD_OK);
            assert_true(a == b);
            assert_true(herd_same_position(g, c)); /* the generators moved on alike */
            herd_free(c);
        }
        herd_free(g);
    }
    /* Where every action is as good as any other (the rules without their
     * evaluation, far from the end), the choice follows the generator. */
    herd_game *g = new_game("seed=1");
    herd_rules blind = *rules_named("horses");
    blind.evaluate = NULL;
    herd_level level = {"test", "", HERD_LEVEL_ALPHABETA, 2, 10000, 0};
    herd_move seen[8];
    int distinct = 0;
    for (uint64_t seed = 0; seed < 8; seed++) {
        herd_rng rng;
        herdi_rng_seed(&rng, seed);
        herd_search s = {&blind, ta_fn, NULL, &rng, NULL, NULL, 0, NULL, NULL, NULL};
        test_alloc a;
        ta_init(&a);
        s.ud = &a;
        herd_move m;
        assert_int_equal(herdi_search_alphabeta(&s, herdi_game_state(g, HERD_HORSES), &level, &m),
                         HERD_OK);
        int known = 0;
        for (int i = 0; i < distinct; i++)
            known |= seen[i] == m;
        if (!known)
            seen[distinct++] = m;
    }
    assert_true(distinct >= 4); /* 8 draws among 12 opening moves */
    herd_free(g);
}

/* A search's view of the game's history (herd_search.played): every
 * position counts as played `times` times, but `spared`'s as
 * `spared_times`; and every position it asks about is a child of the
 * root (`children`, `n` of them). */
typedef struct played_view {
    uint64_t children[HERD_HORSES_MAX_MOVES], spared;
    size_t n;
    uint32_t times, spared_times;
} played_view;

static void played_view_fn(const void *ctx, const uint64_t *hashes, size_t n, uint32_t *counts)
{
    const played_view *v = ctx;
    assert_int_equal(n, v->n);
    for (size_t i = 0; i < n; i++) {
        int child = 0;
        for (size_t k = 0; k < v->n; k++)
            child |= hashes[i] == v->children[k];
        assert_true(child);
        counts[i] = hashes[i] == v->spared ? v->spared_times : v->times;
    }
}

/* Where every action is as good as any other (the rules without their
 * evaluation), alpha-beta plays the one action that does not go back into
 * a position played before (herd_rules.repeats), and of positions played
 * before, the one played fewest times: whatever the generator. */
static void alphabeta_steers_clear_of_positions_played(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=1");
    herd_rules blind = *rules_named("horses");
    blind.evaluate = NULL;
    herd_level level = {"test", "", HERD_LEVEL_ALPHABETA, 2, 10000, 0};
    const void *start = herdi_game_state(g, HERD_HORSES);
    herd_move moves[HERD_HORSES_MAX_MOVES];
    played_view view = {.n = blind.legal(start, moves)};
    assert_true(view.n > 1);
    for (size_t i = 0; i < view.n; i++) {
        union {
            max_align_t align;
            unsigned char bytes[HERD_MAX_STATE_SIZE];
        } child;
        memcpy(child.bytes, start, blind.state_size);
        blind.play(child.bytes, moves[i]);
        view.children[i] = blind.hash(child.bytes);
    }
    for (size_t spared = 0; spared < view.n; spared++)
        for (uint32_t times = 1; times <= 2; times++) {
            view.spared = view.children[spared];
            view.times = times;
            view.spared_times = times - 1;
            herd_rng rng;
            herdi_rng_seed(&rng, spared);
            test_alloc a;
            ta_init(&a);
            herd_search s = {&blind, ta_fn, &a, &rng, NULL, NULL, 0, NULL, played_view_fn, &view};
            herd_move m;
            assert_int_equal(herdi_search_alphabeta(&s, start, &level, &m), HERD_OK);
            assert_true(m == moves[spared]);
            assert_int_equal(a.live_blocks, 0);
        }
    herd_free(g);
}

/* The history's count of a position (herdi_history_count()): a cycle of
 * four actions back to the start counts the start and the position after
 * the first action once more each round; a position not played counts 0. */
static void history_counts_the_positions_played(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=1");
    const herd_rules *r = rules_named("horses");
    herd_move moves[HERD_HORSES_MAX_MOVES], there[2];
    size_t n = r->legal(herdi_game_state(g, HERD_HORSES), moves);
    assert_true(n > 1);
    uint64_t hashes[3] = {r->hash(herdi_game_state(g, HERD_HORSES)), 0, 0};
    assert_int_equal(herd_apply(g, moves[1]), HERD_OK); /* a position never played again */
    hashes[2] = r->hash(herdi_game_state(g, HERD_HORSES));
    assert_int_equal(herd_undo(g), HERD_OK);
    for (uint32_t round = 1; round <= 2; round++) {
        for (int side = 0; side < 2; side++) {
            r->legal(herdi_game_state(g, HERD_HORSES), moves);
            there[side] = moves[0];
            assert_int_equal(herd_apply(g, there[side]), HERD_OK);
            if (side == 0)
                hashes[1] = r->hash(herdi_game_state(g, HERD_HORSES));
        }
        for (int side = 0; side < 2; side++) {
            herd_cell from, to;
            herd_grid_move_cells(there[side], &from, &to);
            assert_int_equal(herd_apply(g, herd_grid_move(to, from)), HERD_OK);
        }
        assert_int_equal(r->hash(herdi_game_state(g, HERD_HORSES)), hashes[0]);
        uint32_t counts[3];
        herdi_history_count(g, hashes, 3, counts);
        assert_int_equal(counts[0], round);
        assert_int_equal(counts[1], round);
        assert_int_equal(counts[2], 0);
    }
    herd_free(g);
}

/* Every allocation of a search (or of a solution table) made to fail:
 * herd_genmove answers HERD_E_NOMEM and changes nothing, the generator
 * included. */
static void search_fails_cleanly_without_memory(void **state)
{
    (void)state;
    for (size_t k = 0; k < herd_game_count(); k++) {
        test_alloc a;
        ta_init(&a);
        herd_game *g = quick_game_at(k, ta_fn, &a);
        while (herd_is_chance(g))
            assert_int_equal(herd_roll(g, NULL), HERD_OK);
        for (int level = 1; level <= herd_max_level(g); level++) {
            if (rules_at(k)->levels[level - 1].kind == HERD_LEVEL_OWN)
                continue; /* the game's own players need no memory */
            snapshot s;
            snap_take(&s, g);
            a.fail_from = a.requests + 1;
            herd_move m = 77;
            if (herd_genmove(g, level, &m) != HERD_E_NOMEM)
                fail_msg("%s level %d chose without memory", herd_game_name(g), level);
            assert_true(m == 77);
            assert_int_equal(herd_play_genmove(g, level, &m), HERD_E_NOMEM);
            assert_true(strlen(herd_last_error(g)) > 0);
            a.fail_from = 0;
            snap_check(&s, g);
        }
        herd_free(g);
        assert_int_equal(a.live_blocks, 0);
        assert_int_equal(a.bad_old_size, 0);
    }
}

/* Alpha-beta through a chance event (hex: the last placement of a turn, then
 * the dice): the outcomes are averaged, the choice is legal, the budget
 * holds, and the same generator gives the same choice. */
static void alphabeta_averages_over_chance_events(void **state)
{
    (void)state;
    herd_game *g = game_new("hex", "size=2 seed=1");
    assert_int_equal(herd_position_from_text(g, "hex size=2 turns=2 turn=red phase=place "
                                                "dice=1,2 left=1 board=r./b../.."),
                     HERD_OK);
    herd_level deep = {"test", "", HERD_LEVEL_ALPHABETA, 4, 3000, 0};
    herd_move first = 0;
    for (int k = 0; k < 2; k++) {
        herd_rng rng;
        herdi_rng_seed(&rng, 4);
        test_alloc a;
        ta_init(&a);
        herd_search s = {rules_named("hex"), ta_fn, &a, &rng, NULL, NULL, 0, NULL, NULL, NULL};
        herd_move m;
        assert_int_equal(herdi_search_alphabeta(&s, herdi_game_state(g, HERD_HEX), &deep, &m),
                         HERD_OK);
        assert_true(herd_is_legal(g, m));
        assert_true(s.nodes > 0 && s.nodes <= 3000);
        assert_int_equal(a.live_blocks, 0);
        if (k == 0)
            first = m;
        assert_true(m == first);
    }
    herd_free(g);
}

static int stop_at_once(void *ud)
{
    (void)ud;
    return 1;
}

/* herd_interrupt() and the progress handler stop a search: the call answers
 * HERD_E_INTERRUPTED and changes nothing, the generator included. */
static void searches_stop_when_interrupted(void **state)
{
    (void)state;
    for (size_t k = 0; k < herd_game_count(); k++) {
        herd_game *g = quick_game_at(k, NULL, NULL);
        while (herd_is_chance(g))
            assert_int_equal(herd_roll(g, NULL), HERD_OK);
        for (int level = 1; level <= herd_max_level(g); level++) {
            herd_level_kind kind = rules_at(k)->levels[level - 1].kind;
            if (kind != HERD_LEVEL_ALPHABETA && kind != HERD_LEVEL_MCTS)
                continue;
            snapshot s;
            snap_take(&s, g);
            herd_move m = 77;
            herd_interrupt(g);
            assert_int_equal(herd_genmove(g, level, &m), HERD_E_INTERRUPTED);
            assert_true(m == 77);
            snap_check(&s, g);
            snap_take(&s, g);
            assert_int_equal(herd_set_progress(g, stop_at_once, NULL, 1), HERD_OK);
            assert_int_equal(herd_play_genmove(g, level, &m), HERD_E_INTERRUPTED);
            assert_int_equal(herd_set_progress(g, NULL, NULL, 0), HERD_OK);
            snap_check(&s, g);
            assert_int_equal(herd_genmove(g, level, &m), HERD_OK); /* nothing left pending */
        }
        herd_free(g);
    }
}

/* What the search sees of a position: the side to act and its actions, as
 * sorted texts (horses' numbers, which the rules never look at, are not
 * in it). */
#define SEEN_SIZE 2048

static int by_pointed_text(const void *a, const void *b)
{
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void seen_of(const herd_game *g, char *out)
{
    herd_move moves[HERD_MAX_MOVES];
    static char texts[HERD_MAX_MOVES][HERD_MAX_MOVE_TEXT];
    static const char *sorted[HERD_MAX_MOVES];
    size_t n, len, at;
    herd_status st;
    herd_get_status(g, &st);
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    if (herd_is_chance(g))
        assert_int_equal(herd_chance_outcomes(g, moves, NULL, HERD_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(herd_move_to_text(g, moves[i], texts[i], sizeof texts[i], &len), HERD_OK);
        sorted[i] = texts[i];
    }
    qsort(sorted, n, sizeof *sorted, by_pointed_text);
    at = (size_t)snprintf(out, SEEN_SIZE, "%d:", st.side);
    for (size_t i = 0; i < n && at < SEEN_SIZE; i++)
        at += (size_t)snprintf(out + at, SEEN_SIZE - at, " %s", sorted[i]);
    assert_true(at < SEEN_SIZE);
}

/* The searches' table trusts the hash: two positions with one hash must be
 * one position. Over random games of every game (uniformly random actions,
 * dice included), equal hashes always come with equal sides to act and
 * actions; and positions that differ in one field only (the fox's chain)
 * hash apart. */
#define HASHED 3000

static void hash_tells_positions_apart(void **state)
{
    (void)state;
    static uint64_t key[HASHED];
    static char text[HASHED][SEEN_SIZE];
    uint64_t x = 0x2545F4914F6CDD1Du;
    /* Each game on its smallest board and on its default one: the searches
     * keep one table per board, so only positions of one board meet. */
    for (size_t k = 0; k < 2 * herd_game_count(); k++) {
        const herd_rules *r = rules_at(k / 2);
        size_t n = 0;
        for (int game = 0; game < 40 && n < HASHED; game++) {
            game_case c = case_of(herd_game_desc_at(k / 2),
                                  k % 2 ? OPTIONS_DEFAULT : OPTIONS_SMALLEST, (uint64_t)game);
            herd_game *g = case_new(&c, NULL, NULL);
            while (is_ongoing(g) && n < HASHED) {
                key[n] = r->hash(herdi_game_state(g, herd_game_kind(g)));
                seen_of(g, text[n]);
                for (size_t i = 0; i < n; i++)
                    if (key[i] == key[n] && strcmp(text[i], text[n]) != 0)
                        fail_msg("%s and %s share a hash", text[i], text[n]);
                n++;
                herd_move moves[HERD_MAX_MOVES];
                size_t count;
                if (herd_is_chance(g)) {
                    assert_int_equal(herd_roll(g, NULL), HERD_OK);
                    continue;
                }
                assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &count), HERD_OK);
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                assert_int_equal(herd_apply(g, moves[x % count]), HERD_OK);
            }
            herd_free(g);
        }
    }
    static const char *const pair[2] = {
        "fox turn=fox chain=0 sideways=0 fox=d4 geese=d5,e1,e2,e3",
        "fox turn=fox chain=1 sideways=0 fox=d4 geese=d5,e1,e2,e3",
    };
    uint64_t h[2];
    for (int i = 0; i < 2; i++) {
        herd_game *g = game_new("fox", "");
        assert_int_equal(herd_position_from_text(g, pair[i]), HERD_OK);
        h[i] = rules_named("fox")->hash(herdi_game_state(g, HERD_FOX));
        herd_free(g);
    }
    assert_true(h[0] != h[1]);
}

/* Fox and Geese's evaluation, term by term, from the fox's point of view:
 * -100 a goose left (less those the fox takes before the geese answer: its
 * longest chain when the fox is to move, one when the geese to move face
 * two jumps), +8 a point of the fox's room, +5 a step, +10 a goose it could
 * jump from its room; the side to move's point of view is the sign. Each
 * position's sum is worked out by hand in its comment. */
static void fox_evaluation_counts_each_term(void **state)
{
    (void)state;
    static const struct {
        const char *position;
        int value;
    } cases[] = {
        /* A chain of two (d4 over c4 to b4, over c5 to d6): 8 geese less
         * 2; the room is every empty point (24) and d4; 5 steps; c4, c5,
         * e3 (d3 to f3) and e2 (d1 to f3) exposed: -600 + 200 + 25 + 40. */
        {"fox turn=fox chain=0 sideways=0 fox=d4 geese=c4,c5,e1,e2,e3,g3,g4,g5", -335},
        /* The same with the geese to move: one jump, none taken, -800 +
         * 200 + 25 + 40, and the geese's sign. */
        {"fox turn=geese chain=0 sideways=0 fox=d4 geese=c4,c5,e1,e2,e3,g3,g4,g5", 535},
        /* Three hops in a row (d4 over d5, c5, c4), but the second leaves
         * three geese and ends the game: 5 geese less 2; room 27 and d4;
         * 5 steps; c4, c5, d5 exposed: -300 + 224 + 25 + 30. */
        {"fox turn=fox chain=0 sideways=0 fox=d4 geese=c4,c5,d5,g3,g4", -21},
        /* Shut in on a4 but for two jumps (b3 to c2, b5 to c6), each of
         * one hop: the geese to move lose one of them. 8 geese less 1; a
         * room of a4 alone, no step; b3 and b5 exposed: -700 + 8 + 20. */
        {"fox turn=geese chain=0 sideways=0 fox=a4 geese=a3,a5,b3,b4,b5,c3,c4,c5", 672},
        {"fox turn=fox chain=0 sideways=0 fox=a4 geese=a3,a5,b3,b4,b5,c3,c4,c5", -672},
    };
    const herd_rules *r = rules_named("fox");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = game_new("fox", "");
        assert_int_equal(herd_position_from_text(g, cases[i].position), HERD_OK);
        int value = r->evaluate(herdi_game_state(g, herd_game_kind(g)), 0, NULL);
        if (value != cases[i].value)
            fail_msg("%s: %d, not %d", cases[i].position, value, cases[i].value);
        herd_free(g);
    }
}

/* A game in caller memory has no allocator: its search levels say so. */
static void search_levels_need_an_allocator(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=2"), *c;
    size_t size = herd_copy_size(g, 0);
    void *mem = malloc(size); /* aligned for max_align_t, as herd_copy_into() needs */
    assert_non_null(mem);
    assert_int_equal(herd_copy_into(g, mem, size, &c), HERD_OK);
    herd_move m;
    assert_int_equal(herd_genmove(c, 1, &m), HERD_OK);
    assert_int_equal(herd_genmove(c, 2, &m), HERD_E_NOMEM);
    free(mem);
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_search_level_takes_a_win_in_one),
        cmocka_unit_test(deep_levels_find_a_forced_win_in_two),
        cmocka_unit_test(tree_search_widens_with_the_visits),
        cmocka_unit_test(tree_search_work_floor_bounds_the_playouts),
        cmocka_unit_test(tree_search_work_makes_fewer_playouts_on_a_bigger_board),
        cmocka_unit_test(search_levels_do_not_hand_over_a_win),
        cmocka_unit_test(every_level_plays_only_legal_actions),
        cmocka_unit_test(alphabeta_keeps_to_its_node_budget),
        cmocka_unit_test(choices_repeat_with_the_generator_and_vary_with_the_seed),
        cmocka_unit_test(alphabeta_steers_clear_of_positions_played),
        cmocka_unit_test(history_counts_the_positions_played),
        cmocka_unit_test(search_fails_cleanly_without_memory),
        cmocka_unit_test(search_levels_need_an_allocator),
        cmocka_unit_test(alphabeta_averages_over_chance_events),
        cmocka_unit_test(searches_stop_when_interrupted),
        cmocka_unit_test(hash_tells_positions_apart),
        cmocka_unit_test(fox_evaluation_counts_each_term),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
