/* The computer players on small hand-made positions of every game: each
 * search level takes a win in one, the levels that look three plies ahead
 * keep a forced win in two, and the levels that look two plies ahead avoid a
 * move that hands the other side a win in one. Every position is checked
 * here by brute force over the legal actions, so a test fails if a position
 * is not what its comment claims; the checks hold for any correct search,
 * since they test what a move achieves, never which move it is.
 *
 * Which levels must pass comes from each game's level table: a win in one
 * binds every level that searches (alpha-beta, tree search, perfect play);
 * a win in two the alpha-beta levels of depth 3 or more and perfect play
 * (so not horses' novice and club, which search 1 and 2 plies); the
 * avoidance the alpha-beta levels of depth 2 or more and
 * perfect play (not horses' novice). Hex has dice and turns of several
 * actions, so its positions are about the whole turn (below). */
#include "ai/search.h"
#include "herd/flock.h"
#include "test_games.h"

/* ------------------------------------------------------------ brute force */

/* Whether the game has ended with `side` the winner. */
static int won_by(const herd_game *g, int side)
{
    herd_status st;
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    return st.result == HERD_WIN && st.side == side;
}

static size_t legal(const herd_game *g, herd_move *moves)
{
    size_t n = 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    return n;
}

/* Whether m ends the game at once with the side to act the winner. */
static int wins_at_once(herd_game *g, herd_move m)
{
    int me = side_to_act(g);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    int won = won_by(g, me);
    assert_int_equal(herd_undo(g), HERD_OK);
    return won;
}

static int has_win_in_one(herd_game *g)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n = legal(g, moves);
    for (size_t i = 0; i < n; i++)
        if (wins_at_once(g, moves[i]))
            return 1;
    return 0;
}

/* Whether m forces a win in two: it wins at once, or after every reply the
 * mover has won (a reply can lose, say a hound walking past the hare) or
 * has a win in one. */
static int forces_win_in_two(herd_game *g, herd_move m)
{
    int me = side_to_act(g);
    if (wins_at_once(g, m))
        return 1;
    assert_int_equal(herd_apply(g, m), HERD_OK);
    herd_move replies[HERD_MAX_MOVES];
    size_t n = legal(g, replies);
    int forced = is_ongoing(g) && side_to_act(g) != me;
    for (size_t i = 0; i < n && forced; i++) {
        assert_int_equal(herd_apply(g, replies[i]), HERD_OK);
        forced = won_by(g, me) || (is_ongoing(g) && side_to_act(g) == me && has_win_in_one(g));
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    assert_int_equal(herd_undo(g), HERD_OK);
    return forced;
}

/* Whether m loses at once: the game ends without the mover winning, or the
 * other side then has a win in one. */
static int loses_at_once(herd_game *g, herd_move m)
{
    int me = side_to_act(g);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    int lost = is_ongoing(g) ? side_to_act(g) != me && has_win_in_one(g) : !won_by(g, me);
    assert_int_equal(herd_undo(g), HERD_OK);
    return lost;
}

/* How many of the legal actions have a property. */
static size_t count_moves(herd_game *g, int (*property)(herd_game *, herd_move))
{
    herd_move moves[HERD_MAX_MOVES];
    size_t n = legal(g, moves), k = 0;
    for (size_t i = 0; i < n; i++)
        k += property(g, moves[i]) != 0;
    return k;
}

/* ------------------------------------------------------------ the levels */

static const herd_rules *rules_of(const char *game)
{
    const herd_rules *r = herdi_rules_of(herd_game_desc_find(game));
    if (!r)
        fail_msg("no rules for %s", game);
    return r;
}

/* How many plies a level looks ahead: an alpha-beta level its depth, perfect
 * play to the end, the game's own players and the tree search (which samples,
 * and is tested on its own positions) none here. */
static unsigned plies_seen(const herd_rules *r, int level)
{
    const herd_level *lv = &r->levels[level - 1];
    switch (lv->kind) {
    case HERD_LEVEL_ALPHABETA:
        return lv->depth;
    case HERD_LEVEL_SOLVED:
        return UINT32_MAX;
    default:
        return 0;
    }
}

static int searches(const herd_rules *r, int level)
{
    return r->levels[level - 1].kind != HERD_LEVEL_OWN;
}

/* Each checked level chooses from several states of the game's generator
 * (each choice moves it on), so that variety among equal moves is covered. */
#define DRAWS 3

/* A position, and the action its comment names: the win in one (which ends
 * the game for `reason`), the move that forces the win in two, or the move
 * that loses at once. */
typedef struct position {
    const char *game, *text, *move;
    herd_reason reason;
} position;

/* Asks every level that `binds` for a move DRAWS times and checks `ok` of
 * each; returns how many levels were checked. */
static int check_levels(const position *p, int (*binds)(const herd_rules *, int),
                        int (*ok)(herd_game *, herd_move), const char *what)
{
    herd_game *g = game_of(p->game, p->text);
    const herd_rules *r = rules_of(p->game);
    int checked = 0;
    for (int level = 1; level <= herd_max_level(g); level++) {
        if (!binds(r, level))
            continue;
        checked++;
        for (int k = 0; k < DRAWS; k++) {
            herd_move m;
            assert_int_equal(herd_genmove(g, level, &m), HERD_OK);
            assert_true(herd_is_legal(g, m));
            if (!ok(g, m)) {
                char text[64];
                size_t len;
                assert_int_equal(herd_move_to_text(g, m, text, sizeof text, &len), HERD_OK);
                fail_msg("%s level %d chose %s, which %s, in\n  %s", p->game, level, text, what,
                         p->text);
            }
        }
    }
    herd_free(g);
    return checked;
}

/* --------------------------------------------------------- win in one */

/* Each has a move that wins at once and one that does not. */
static const position win_in_one[] = {
    /* Green's f7 and g6 each jump to the empty h8 with the other still beside it. */
    {"horses", "horses w=8 h=8 turn=green green=d3,e5,g6,f7 red=a8,b6,c8,c4", "g6-h8",
     HERD_REASON_CORNER},
    /* c3-b3 closes a2's last way out: the hare is trapped. */
    {"hare", "hare turn=hounds hare=a2 hounds=b1,b2,c3 stall=0", "c3-b3", HERD_REASON_TRAPPED},
    /* The fox jumps d4-f4 over e4: three geese are left. */
    {"fox", "fox turn=fox chain=0 sideways=0 fox=d4 geese=a4,c3,c5,e4", "d4-f4",
     HERD_REASON_CAPTURED},
    /* c4-b4 shuts the fox in a5 (c3-b4 or c5-b4 would open a jump). */
    {"fox", "fox turn=geese chain=0 sideways=0 fox=a5 geese=a3,a4,b5,c3,c4,c5", "c4-b4",
     HERD_REASON_TRAPPED},
    /* d3-b3 sandwiches b2 against b1: Black's third capture. */
    {"flock",
     "flock w=5 h=5 turn=black ply=10 captured=2,0 last=c1-b1,a4-a5 "
     "board=....w/bw.../...../..b../.bb..",
     "d3-b3", HERD_REASON_CAPTURED},
};

static int wins_now(herd_game *g, herd_move m)
{
    return wins_at_once(g, m);
}

static void every_search_level_wins_in_one(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof win_in_one / sizeof win_in_one[0]; i++) {
        const position *p = &win_in_one[i];
        herd_game *g = game_of(p->game, p->text);
        size_t wins = count_moves(g, wins_now);
        if (wins == 0 || wins == legal_count(g))
            fail_msg("not a choice of a win in one: %s", p->text);
        int me = side_to_act(g);
        assert_int_equal(play_text(g, p->move), HERD_OK);
        check_status(g, HERD_WIN, me, p->reason);
        herd_free(g);
        assert_true(check_levels(p, searches, wins_now, "does not win at once") > 0);
    }
}

/* --------------------------------------------------------- win in two */

/* Each has no win in one, a move that forces a win in two and one that
 * does not. */
static const position win_in_two[] = {
    /* e7-g6 puts a second horse beside h8, so either can then jump in;
     * f7-h8 now would leave the jumper apart from its herd. */
    {"horses", "horses w=8 h=8 turn=green green=c6,e5,e7,f7 red=a8,b6,c8,c4", "e7-g6",
     HERD_REASON_NONE},
    /* d2-c2 leaves the hare only a2, where c2-b2 traps it. */
    {"hare", "hare turn=hounds hare=b2 hounds=b1,b3,d2 stall=0", "d2-c2", HERD_REASON_NONE},
    /* c1-d1, then e2 is open whatever the hounds do (d3 moving lets the hare
     * escape at once). */
    {"hare", "hare turn=hare hare=c1 hounds=b2,c2,d3 stall=0", "c1-d1", HERD_REASON_NONE},
    /* a3-a4: from a4 the fox jumps b5 to c6, taking the fourth goose, and
     * no goose can move b5 nor reach c6; after a3-b4, c4-b3 leaves b4 no
     * jump. */
    {"fox", "fox turn=fox chain=0 sideways=0 fox=a3 geese=a5,b5,c4,f4", "a3-a4", HERD_REASON_NONE},
    /* c4-c3 threatens b3 and d3, each a third capture; White can stop one. */
    {"flock",
     "flock w=5 h=5 turn=black ply=10 captured=2,0 last=b4-c4,a2-b2 "
     "board=...../bw.../...bb/bw.../.....",
     "c4-c3", HERD_REASON_NONE},
};

static int looks_three_plies(const herd_rules *r, int level)
{
    return plies_seen(r, level) >= 3;
}

static void deep_levels_keep_a_forced_win_in_two(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof win_in_two / sizeof win_in_two[0]; i++) {
        const position *p = &win_in_two[i];
        herd_game *g = game_of(p->game, p->text);
        if (has_win_in_one(g))
            fail_msg("a win in one already: %s", p->text);
        size_t forcing = count_moves(g, forces_win_in_two);
        if (forcing == 0 || forcing == legal_count(g))
            fail_msg("not a choice of a forced win in two: %s", p->text);
        assert_true(forces_win_in_two(g, parse_move(g, p->move)));
        herd_free(g);
        /* horses' expert, hare's club and perfect, fox's club and expert, flock's
         * club to master */
        assert_true(check_levels(p, looks_three_plies, forces_win_in_two,
                                 "does not force the win in two") > 0);
    }
}

/* ------------------------------------------------------ a move that loses */

/* Each has no win in one, a move after which the other side wins in one,
 * and one after which it does not. */
static const position one_move_loses[] = {
    /* d5-f4 gives up d5, where a red horse then takes Green's last move
     * away; e2-f4 does not. */
    {"horses", "horses w=8 h=8 turn=green green=e2,d5,c3,d1 red=e3,c2,a3,b4", "d5-f4",
     HERD_REASON_NONE},
    /* The hound on e2 guards the way out: e2-d1 or e2-d3 lets the hare step
     * to e2, below every hound. */
    {"hare", "hare turn=hounds hare=d2 hounds=b2,c2,e2 stall=0", "e2-d1", HERD_REASON_NONE},
    /* b1-c1 runs into a pocket that b2-b1 closes; b1-a2 does not. */
    {"hare", "hare turn=hare hare=b1 hounds=b2,c2,d1 stall=0", "b1-c1", HERD_REASON_NONE},
    /* b4-a5 steps into a corner that c4-b4 closes; every capture is safe. */
    {"fox", "fox turn=fox chain=0 sideways=0 fox=b4 geese=a3,a4,b5,c3,c4,c5", "b4-a5",
     HERD_REASON_NONE},
    /* d3-b3 steps under a3, where c1-c3 sandwiches it: White's third capture. */
    {"flock",
     "flock w=5 h=5 turn=black ply=10 captured=0,2 last=e3-d3,b3-a3 "
     "board=..w../...../w..../w.bb./....w",
     "d3-b3", HERD_REASON_NONE},
};

static int looks_two_plies(const herd_rules *r, int level)
{
    return plies_seen(r, level) >= 2;
}

static int safe(herd_game *g, herd_move m)
{
    return !loses_at_once(g, m);
}

static void levels_that_look_two_plies_avoid_a_losing_move(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof one_move_loses / sizeof one_move_loses[0]; i++) {
        const position *p = &one_move_loses[i];
        herd_game *g = game_of(p->game, p->text);
        if (has_win_in_one(g))
            fail_msg("a win in one already: %s", p->text);
        size_t losing = count_moves(g, loses_at_once);
        if (losing == 0 || losing == legal_count(g))
            fail_msg("not a choice between losing and not: %s", p->text);
        assert_true(loses_at_once(g, parse_move(g, p->move)));
        herd_free(g);
        /* horses' club and expert, hare's club and perfect, fox's club and
         * expert, flock's club to master */
        assert_true(check_levels(p, looks_two_plies, safe, "hands over a win in one") > 0);
    }
}

/* Games whose positions are about the whole turn, each with tests of its
 * own below: a turn of several actions and dice. */
static const struct {
    const char *game;
} WHOLE_TURN_GAMES[] = {{"hex"}};

/* Every game of the registry has a position of each kind, but those whose
 * positions are about the whole turn (and only games of the registry have
 * positions). */
static void every_game_has_its_positions(void **state)
{
    (void)state;
    const struct {
        const position *list;
        size_t n;
    } kinds[] = {{win_in_one, sizeof win_in_one / sizeof win_in_one[0]},
                 {win_in_two, sizeof win_in_two / sizeof win_in_two[0]},
                 {one_move_loses, sizeof one_move_loses / sizeof one_move_loses[0]}};
    for (const herd_game_desc *d = first_game(); d; d = next_game(d)) {
        int whole_turn = 0;
        for (size_t i = 0; i < sizeof WHOLE_TURN_GAMES / sizeof WHOLE_TURN_GAMES[0]; i++)
            whole_turn |= strcmp(WHOLE_TURN_GAMES[i].game, d->name) == 0;
        for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
            int found = 0;
            for (size_t j = 0; j < kinds[k].n; j++)
                found |= strcmp(kinds[k].list[j].game, d->name) == 0;
            if (found == whole_turn)
                fail_msg("%s has %s position of kind %zu", d->name, found ? "a" : "no", k);
        }
    }
    for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++)
        for (size_t j = 0; j < kinds[k].n; j++)
            if (!herd_game_desc_find(kinds[k].list[j].game))
                fail_msg("a position of %s, which the registry does not have",
                         kinds[k].list[j].game);
}

/* ------------------------------------------------------------------ hex */

/* In hex a turn is several actions of one side (removals, then placements)
 * and the game ends only when the board is full, so a win or a loss "at
 * once" is one within the turn: the mover acts until the turn ends. */

/* Whether the side to act, acting alone until its turn ends, can win. */
static int can_win_this_turn(herd_game *g, int me)
{
    if (!is_ongoing(g))
        return won_by(g, me);
    if (herd_is_chance(g) || side_to_act(g) != me)
        return 0;
    herd_move moves[HERD_MAX_MOVES];
    size_t n = legal(g, moves);
    int can = 0;
    for (size_t i = 0; i < n && !can; i++) {
        assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
        can = can_win_this_turn(g, me);
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    return can;
}

/* Whether every way the side to act can finish its turn loses the game. */
static int must_lose_this_turn(herd_game *g, int me)
{
    if (!is_ongoing(g))
        return !won_by(g, me);
    if (herd_is_chance(g) || side_to_act(g) != me)
        return 0;
    herd_move moves[HERD_MAX_MOVES];
    size_t n = legal(g, moves);
    int must = 1;
    for (size_t i = 0; i < n && must; i++) {
        assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
        must = must_lose_this_turn(g, me);
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    return must;
}

static int keeps_a_win_this_turn(herd_game *g, herd_move m)
{
    int me = side_to_act(g);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    int keeps = can_win_this_turn(g, me);
    assert_int_equal(herd_undo(g), HERD_OK);
    return keeps;
}

static int loses_this_turn(herd_game *g, herd_move m)
{
    int me = side_to_act(g);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    int loses = must_lose_this_turn(g, me);
    assert_int_equal(herd_undo(g), HERD_OK);
    return loses;
}

/* Red removes one stone, then places two. Only -b2 wins: +c2 and +b2 then
 * surround c1, whose capture gives a third placement, and the board fills
 * with Red ahead, 4 to 3; any other removal leaves Blue ahead or a cell
 * Red cannot fill. */
#define HEX_WIN_THIS_TURN "hex size=2 turns=2 turn=red phase=remove dice=1,2 left=1 board=bb/rbb/b."
/* Red, behind, removes one stone and places two: twelve of the fourteen
 * removals open a cell that Red must then fill, and the full board makes Blue
 * the winner; the other two keep the game going. */
#define HEX_LOSE_THIS_TURN \
    "hex size=3 turns=2 turn=red phase=remove dice=1,2 left=1 board=bbb/bb.b/rbbrb/rrbb/bbb"

static int survives_this_turn(herd_game *g, herd_move m)
{
    return !loses_this_turn(g, m);
}

static int is_tree_search(const herd_rules *r, int level)
{
    return r->levels[level - 1].kind == HERD_LEVEL_MCTS;
}

/* The tree search's levels play Red's whole turn, from several generator
 * states, and win it. */
static void hex_tree_search_wins_within_the_turn(void **state)
{
    (void)state;
    herd_game *g = game_of("hex", HEX_WIN_THIS_TURN);
    int me = side_to_act(g);
    assert_true(can_win_this_turn(g, me));
    assert_int_equal(count_moves(g, keeps_a_win_this_turn), 1);
    assert_true(keeps_a_win_this_turn(g, parse_move(g, "-b2")));
    const char *line[] = {"-b2", "+c2", "+b2", "+c1"}; /* the comment's */
    herd_game *c;
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    for (size_t i = 0; i < sizeof line / sizeof line[0]; i++)
        assert_int_equal(play_text(c, line[i]), HERD_OK);
    check_status(c, HERD_WIN, me, HERD_REASON_FULL);
    herd_free(c);
    int checked = 0;
    for (int level = 1; level <= herd_max_level(g); level++) {
        if (!is_tree_search(rules_of("hex"), level))
            continue;
        checked++;
        for (int k = 0; k < DRAWS; k++) {
            assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
            for (int draw = 0; draw < k; draw++) { /* another generator state */
                herd_move m;
                assert_int_equal(herd_genmove(c, level, &m), HERD_OK);
            }
            while (is_ongoing(c) && !herd_is_chance(c) && side_to_act(c) == me)
                assert_int_equal(herd_play_genmove(c, level, NULL), HERD_OK);
            if (!won_by(c, me))
                fail_msg("hex level %d did not win within the turn (draw %d)", level, k);
            check_status(c, HERD_WIN, me, HERD_REASON_FULL);
            herd_free(c);
        }
    }
    assert_true(checked > 0);
    herd_free(g);
}

/* One search of the position in g, with a generator seeded by `seed` and a
 * counting allocator: its choice, once it has returned every block it
 * took. */
static herd_move search_once(herd_game *g,
                             int (*search)(herd_search *, const void *, const herd_level *,
                                           herd_move *),
                             const herd_level *level, uint64_t seed)
{
    herd_rng rng;
    herdi_rng_seed(&rng, seed);
    test_alloc a;
    ta_init(&a);
    herd_search s = {
        herdi_rules_of(herd_game_desc_of(g)), ta_fn, &a, &rng, NULL, NULL, 0, NULL, NULL, NULL};
    herd_move m;
    assert_int_equal(search(&s, herdi_game_state(g, herd_game_kind(g)), level, &m), HERD_OK);
    assert_int_equal(a.live_blocks, 0);
    return m;
}

/* Red's placement on c1, the last of its four, captures Blue's c2. */
#define HEX_CAPTURE_LAST "hex size=2 turns=2 turn=red phase=place dice=1,2 left=2 board=../.rr/.b"

/* The tree search tries a node's actions best first by the evaluation one
 * action ahead: its one playout goes to the capture, which legal() lists
 * last (in legal() order it would go to +a1). */
static void hex_tree_search_tries_the_best_action_first(void **state)
{
    (void)state;
    herd_game *g = game_of("hex", HEX_CAPTURE_LAST);
    herd_move moves[HERD_MAX_MOVES];
    size_t n;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    assert_int_equal(n, 4);
    assert_true(moves[3] == parse_move(g, "+c1"));
    herd_level few = {"test", "", HERD_LEVEL_MCTS, 0, 1, 0};
    for (uint64_t seed = 1; seed <= DRAWS; seed++)
        assert_true(search_once(g, herdi_search_mcts, &few, seed) == moves[3]);
    herd_free(g);
}

/* The alpha-beta search, which hex's levels do not use but which serves any
 * game, sees both within four plies: it keeps the win and avoids the loss. */
static void hex_alphabeta_sees_the_turn_through(void **state)
{
    (void)state;
    const struct {
        const char *text;
        int (*ok)(herd_game *, herd_move);
    } cases[] = {{HEX_WIN_THIS_TURN, keeps_a_win_this_turn},
                 {HEX_LOSE_THIS_TURN, survives_this_turn}};
    herd_level deep = {"test", "", HERD_LEVEL_ALPHABETA, 4, 50000, 0};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = game_of("hex", cases[i].text);
        for (uint64_t seed = 1; seed <= DRAWS; seed++) {
            herd_move m = search_once(g, herdi_search_alphabeta, &deep, seed);
            assert_true(herd_is_legal(g, m));
            if (!cases[i].ok(g, m))
                fail_msg("alpha-beta chose wrongly in %s", cases[i].text);
        }
        herd_free(g);
    }
}

/* ------------------------------------------------------ flock's master */

/* Black's e3-c3 forks: from c3 it slides to c2, sandwiching b2 against a2,
 * or to c4, sandwiching d4 against e4, and no reply of White parries both
 * (nor captures). Black has no capture now, and the fork breaks its flock
 * of three, so Black has less room to move after it than after a quiet
 * move. */
#define FLOCK_FORK                                                   \
    "flock w=5 h=5 turn=black ply=10 captured=1,0 last=d5-e5,e2-e1 " \
    "board=.b.../.w.../...../...w./w.bbb"

/* Whether the side to act has a move that captures. */
static int can_capture(herd_game *g)
{
    int me = side_to_act(g), before, after, found = 0;
    herd_move moves[HERD_MAX_MOVES];
    size_t n = legal(g, moves);
    assert_int_equal(herd_flock_captured(g, me, &before), HERD_OK);
    for (size_t i = 0; i < n && !found; i++) {
        assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
        assert_int_equal(herd_flock_captured(g, me, &after), HERD_OK);
        found = after > before;
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    return found;
}

/* Whether m captures nothing and leaves a capture for the mover after every
 * reply. */
static int forks(herd_game *g, herd_move m)
{
    herd_move replies[HERD_MAX_MOVES];
    int me = side_to_act(g), before, after;
    assert_int_equal(herd_flock_captured(g, me, &before), HERD_OK);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    assert_int_equal(herd_flock_captured(g, me, &after), HERD_OK);
    size_t n = legal(g, replies);
    int forked = after == before && is_ongoing(g) && n > 0;
    for (size_t i = 0; i < n && forked; i++) {
        assert_int_equal(herd_apply(g, replies[i]), HERD_OK);
        forked = is_ongoing(g) && side_to_act(g) == me && can_capture(g);
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    assert_int_equal(herd_undo(g), HERD_OK);
    return forked;
}

/* White's d3-c3 would sandwich Black's c4 against c5; the moves that give
 * Black the most room to move (e4-d4, e4-e2, e5-d5) leave it there, and
 * c4-b4 or c4-c3 save it. */
#define FLOCK_HANGING                                                \
    "flock w=5 h=5 turn=black ply=20 captured=2,1 last=e3-e4,d2-d3 " \
    "board=...../...../...bw/..w../...bb"

/* Whether m lets the reply capture. */
static int hangs(herd_game *g, herd_move m)
{
    assert_int_equal(herd_apply(g, m), HERD_OK);
    int hung = is_ongoing(g) && can_capture(g);
    assert_int_equal(herd_undo(g), HERD_OK);
    return hung;
}

static int keeps_its_stones(herd_game *g, herd_move m)
{
    return !hangs(g, m);
}

/* Flock's master level with its depth cut to one ply: what its evaluation
 * alone sees. Club and expert keep the game's evaluation. */
static herd_level flock_master_one_ply(void)
{
    const herd_rules *r = rules_of("flock");
    int master = herd_game_desc_find("flock")->level_count;
    for (int level = 1; level < master; level++)
        assert_int_equal(r->levels[level - 1].eval, 0);
    herd_level one_ply = r->levels[master - 1];
    assert_int_not_equal(one_ply.eval, 0);
    one_ply.depth = 1;
    return one_ply;
}

/* Flock's master scores its leaves with an evaluation of its own, which
 * sees the captures one and two moves ahead: searching a single ply with
 * it, Black forks, and does not hang a stone. The game's evaluation
 * (captures and room to move) sees neither a ply deep. */
static void flock_master_sees_captures_a_ply_ahead(void **state)
{
    (void)state;
    herd_level one_ply = flock_master_one_ply();
    herd_game *g = game_of("flock", FLOCK_FORK);
    assert_false(can_capture(g));
    assert_int_equal(count_moves(g, forks), 1);
    assert_true(forks(g, parse_move(g, "e3-c3")));
    for (uint64_t seed = 1; seed <= DRAWS; seed++)
        assert_true(forks(g, search_once(g, herdi_search_alphabeta, &one_ply, seed)));
    herd_free(g);

    g = game_of("flock", FLOCK_HANGING);
    assert_false(can_capture(g));
    assert_true(hangs(g, parse_move(g, "e4-d4")));
    assert_true(count_moves(g, keeps_its_stones) > 0);
    for (uint64_t seed = 1; seed <= DRAWS; seed++)
        assert_true(keeps_its_stones(g, search_once(g, herdi_search_alphabeta, &one_ply, seed)));
    herd_free(g);
}

/* The moves the other side would have in g's position: the same position
 * with the turn passed (a position read from text). */
static size_t moves_of_the_other_side(const herd_game *g)
{
    char text[TEXT_CAP], swapped[TEXT_CAP + 8];
    position_text(g, text);
    const char *turn = strstr(text, "turn=green");
    if (turn)
        snprintf(swapped, sizeof swapped, "%.*sturn=red%s", (int)(turn - text), text, turn + 10);
    else {
        assert_non_null(turn = strstr(text, "turn=red"));
        snprintf(swapped, sizeof swapped, "%.*sturn=green%s", (int)(turn - text), text, turn + 8);
    }
    herd_game *other = game_of("horses", swapped);
    size_t n = is_ongoing(other) ? legal_count(other) : 0;
    herd_free(other);
    return n;
}

/* Herd of Horses' master (its top level) scores its leaves with the plain
 * evaluation plus 2 points for each move of the side to act and less 2 for
 * each of the other side's, each count capped at 16; the levels below keep
 * the plain one. Checked on every position of a few games of random play,
 * the counts taken from the legal moves. */
static void horses_master_squeezes(void **state)
{
    (void)state;
    const herd_rules *r = rules_of("horses");
    int master = herd_game_desc_find("horses")->level_count;
    for (int level = 1; level < master; level++)
        assert_int_equal(r->levels[level - 1].eval, 0);
    unsigned squeeze = r->levels[master - 1].eval;
    assert_int_not_equal(squeeze, 0);
    int checked = 0, capped = 0;
    for (uint64_t seed = 1; seed <= 4; seed++) {
        char options[32];
        snprintf(options, sizeof options, "n=%d seed=%llu", seed % 2 ? 6 : 10,
                 (unsigned long long)seed); /* ten horses have more than 16 moves */
        herd_game *g = game_with("horses", options, NULL);
        for (int ply = 0; ply < 200 && is_ongoing(g); ply++) {
            const void *st = herdi_game_state(g, herd_game_kind(g));
            int plain = r->evaluate(st, 0, NULL), squeezed = r->evaluate(st, squeeze, NULL);
            if (plain > -4000 && plain < 4000) { /* not a sure win or loss */
                int mine = (int)legal_count(g), theirs = (int)moves_of_the_other_side(g);
                capped += mine > 16 || theirs > 16;
                assert_int_equal(squeezed - plain,
                                 2 * (mine < 16 ? mine : 16) - 2 * (theirs < 16 ? theirs : 16));
                checked++;
            } else
                assert_int_equal(squeezed, plain);
            assert_int_equal(herd_play_genmove(g, 1, NULL), HERD_OK);
        }
        herd_free(g);
    }
    assert_true(checked > 100 && capped > 0 && capped < checked);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_game_has_its_positions),
        cmocka_unit_test(every_search_level_wins_in_one),
        cmocka_unit_test(deep_levels_keep_a_forced_win_in_two),
        cmocka_unit_test(levels_that_look_two_plies_avoid_a_losing_move),
        cmocka_unit_test(hex_tree_search_wins_within_the_turn),
        cmocka_unit_test(hex_tree_search_tries_the_best_action_first),
        cmocka_unit_test(hex_alphabeta_sees_the_turn_through),
        cmocka_unit_test(flock_master_sees_captures_a_ply_ahead),
        cmocka_unit_test(horses_master_squeezes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
