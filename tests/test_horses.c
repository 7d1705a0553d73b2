/* Herd of Horses (docs/horses.md) against the tests' own simple model
 * (test_util.h): refusals and their messages, the herd rule, corner and
 * no-moves wins, the start placement, the computer player, perft, texts,
 * apply/undo, and the typed extras (lines, progress, moves log). */
#include "internal.h" /* the rules' repeats(), which the searches use */
#include "horses_model.h"

/* -------------------------------------------------------------- helpers */

/* No libm: the two functions the statistics need. */
/* herd_horses_together()'s answer, asserted to succeed. */
static int together_of(const herd_game *g, int side)
{
    int v = -1;
    assert_int_equal(herd_horses_together(g, side, &v), HERD_OK);
    return v;
}

static double fabs_(double x)
{
    return x < 0 ? -x : x;
}

static double sqrt_(double x)
{
    double r = x > 1 ? x : 1;
    for (int i = 0; i < 60; i++)
        r = 0.5 * (r + x / r);
    return r;
}

static void free_game(herd_game *g)
{
    herd_free(g);
}

/* A jump above the top or left edge has no cell name and, its coordinates
 * wrapping to 254 or 255 in herd_horses_move(), is no knight's move either:
 * it must be refused, with whatever message. */
static const char ANY_REFUSAL[] = "";

/* The expected refusal message for a jump of the side to move, by the rules
 * as the model sees them (NULL when the jump is legal). */
static const char *expected_refusal(const ref_pos *p, int horse, int tr, int tc, char *buf)
{
    int side = p->turn;
    if (tr < 0 || tc < 0)
        return ANY_REFUSAL; /* a jump off the top or left edge */
    if (tr >= p->h || tc >= p->w) {
        int k = ref_cell_name(buf, tr, tc);
        strcpy(buf + k, " is off the board");
        return buf;
    }
    if (ref_occupied(p, tr, tc)) {
        int k = ref_cell_name(buf, tr, tc);
        strcpy(buf + k, " is occupied");
        return buf;
    }
    if (!ref_together_after(p, side, horse, tr, tc))
        return "the herd would split";
    return NULL;
}

/* Tries every knight jump of every horse of both sides in g (which must be
 * ongoing): the library plays exactly the jumps the model calls legal, and
 * refuses the others with the model's reason, changing nothing. */
static void check_every_jump(herd_game *g, const ref_pos *p)
{
    herd_game *before;
    size_t hist = herd_history_length(g);
    assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < p->n; i++)
            for (int k = 0; k < 8; k++) {
                int fr = p->r[side][i], fc = p->c[side][i];
                int tr = fr + ref_jump[k][0], tc = fc + ref_jump[k][1];
                char want[64];
                herd_move m = move_of(fr, fc, tr, tc);
                const char *why;
                if (side != p->turn) {
                    int n = ref_cell_name(want, fr, fc);
                    sprintf(want + n, " has no %s horse", p->turn ? "red" : "green");
                    why = want;
                } else {
                    why = expected_refusal(p, i, tr, tc, want);
                }
                int rc = herd_apply(g, m);
                if (!why) {
                    assert_int_equal(rc, HERD_OK);
                    assert_int_equal(herd_history_length(g), hist + 1);
                    assert_int_equal(herd_undo(g), HERD_OK);
                } else {
                    if (rc != HERD_E_ILLEGAL || !strstr(herd_last_error(g), why))
                        print_error("jump %d,%d -> %d,%d: want '%s', got %d '%s'\n", fr, fc, tr, tc,
                                    why, rc, herd_last_error(g));
                    assert_int_equal(rc, HERD_E_ILLEGAL);
                    assert_non_null(strstr(herd_last_error(g), why));
                    assert_false(herd_is_legal(g, m));
                }
                assert_int_equal(herd_history_length(g), hist);
                assert_true(herd_same_position(g, before));
            }
    herd_free(before);
}

/* Every invariant of a position, checked against the model. */
static void check_invariants(herd_game *g)
{
    ref_pos p;
    char text[TEXT_CAP], mine[TEXT_CAP];
    ref_from_game(g, &p);

    /* The herds are together, by the library and by the model's flood fill. */
    assert_true(together_of(g, HERD_HORSES_GREEN));
    assert_true(together_of(g, HERD_HORSES_RED));
    assert_true(ref_together(&p, HERD_HORSES_GREEN));
    assert_true(ref_together(&p, HERD_HORSES_RED));

    /* Who stands where: every cell agrees with the horses' cells. */
    int occupied = 0;
    for (int r = 0; r < p.h; r++)
        for (int c = 0; c < p.w; c++) {
            int side = 7, number = 7, want_side = -1, want_number = 0;
            for (int s = 0; s < 2; s++)
                for (int i = 0; i < p.n; i++)
                    if (p.r[s][i] == r && p.c[s][i] == c) {
                        want_side = s;
                        want_number = i + 1;
                    }
            assert_int_equal(herd_horses_at(g, (herd_cell){r, c}, &side, &number), HERD_OK);
            assert_int_equal(side, want_side);
            assert_int_equal(number, want_number);
            occupied += want_side >= 0;
        }
    assert_int_equal(occupied, 2 * p.n); /* never two horses on one cell */

    check_legal_matches_model(g, &p);
    check_status_matches_model(g, &p);

    /* Position text: the protocol's format, and it reads back the same. */
    position_text(g, text);
    ref_text(&p, mine);
    assert_string_equal(text, mine);
    herd_game *t = new_game("seed=99");
    assert_int_equal(herd_position_from_text(t, text), HERD_OK);
    position_text(t, mine);
    assert_string_equal(text, mine);
    herd_free(t);

    /* Clone equality. */
    herd_game *c;
    size_t hist = herd_history_length(g);
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    assert_true(herd_same_position(g, c));
    assert_int_equal(herd_history_length(c), hist);

    /* Every legal move: text round trip and apply/undo round trip. */
    herd_move moves[HERD_MAX_MOVES];
    size_t n = 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n; i++) {
        char mt[HERD_MAX_MOVE_TEXT], want[HERD_MAX_MOVE_TEXT];
        size_t len = 0;
        herd_cell a, b;
        herd_move back = 0;
        herd_horses_move_cells(moves[i], &a, &b);
        assert_true(ref_knight(a.row, a.col, b.row, b.col));
        ref_move_text(want, a.row, a.col, b.row, b.col);
        assert_int_equal(herd_move_to_text(g, moves[i], mt, sizeof mt, &len), HERD_OK);
        assert_string_equal(mt, want);
        assert_int_equal(len, strlen(want));
        assert_int_equal(herd_move_from_text(g, mt, &back), HERD_OK);
        assert_true(back == moves[i]);
        assert_true(herd_is_legal(g, moves[i]));
        assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
        assert_int_equal(herd_history_length(g), hist + 1);
        assert_int_equal(herd_undo(g), HERD_OK);
        assert_int_equal(herd_history_length(g), hist);
        assert_true(herd_same_position(g, c));
    }
    herd_free(c);
}

/* ------------------------------------------------------- refused moves */

/* Green: a1 b3 c1 c5, b3 the hub; Red: h8 g6 f8 h4. */
static const char *const HUB = "horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4";

static void horse_cannot_jump_off_the_board(void **state)
{
    (void)state;
    herd_game *g = game_from_text("horses w=8 h=8 turn=green green=g1,e2,f4,d3 red=h8,g6,e5,f3");
    /* g1 -> i2 leaves the bottom edge; a jump off the right edge too. */
    expect_refused(g, move_of(6, 0, 8, 1), HERD_E_ILLEGAL, "i2 is off the board");
    herd_game *r = game_from_text("horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,e5,f3");
    expect_refused(r, move_of(7, 7, 6, 9), HERD_E_ILLEGAL, "g10 is off the board");
    expect_refused(r, move_of(7, 7, 9, 8), HERD_E_ILLEGAL, "j9 is off the board");
    /* Above the top edge: the cell has no name, but the jump is refused. */
    herd_game *top = game_from_text(HUB);
    herd_cell a = {0, 0}, up = {-2, 1};
    expect_refused(top, herd_horses_move(a, up), HERD_E_ILLEGAL, ANY_REFUSAL);
    free_game(g);
    free_game(r);
    free_game(top);
}

static void horse_cannot_land_on_an_occupied_cell(void **state)
{
    (void)state;
    herd_game *g = game_from_text(HUB);
    /* Onto its own horse: a1 -> b3. */
    expect_refused(g, move_of(0, 0, 1, 2), HERD_E_ILLEGAL, "b3 is occupied");
    free_game(g);
    /* Onto the other side's horse: green c5 -> e6 where a red horse stands. */
    g = game_from_text("horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=e6,g5,h7,f7");
    ref_pos p;
    ref_from_game(g, &p);
    assert_true(ref_occupied(&p, 4, 5));
    expect_refused(g, move_of(2, 4, 4, 5), HERD_E_ILLEGAL, "e6 is occupied");
    free_game(g);
}

static void horse_cannot_split_herd(void **state)
{
    (void)state;
    herd_game *g = game_from_text(HUB);
    ref_pos p;
    ref_from_game(g, &p);
    /* b3 holds the herd together: b3 -> d4 is on the board and empty, but
     * a1, c1 and c5 would have no knight link left. */
    char buf[64];
    assert_string_equal(expected_refusal(&p, 1, 3, 3, buf), "the herd would split");
    expect_refused(g, move_of(1, 2, 3, 3), HERD_E_ILLEGAL, "the herd would split");
    /* A leaf that jumps away from everyone: c5 -> e6. */
    assert_string_equal(expected_refusal(&p, 3, 4, 5, buf), "the herd would split");
    expect_refused(g, move_of(2, 4, 4, 5), HERD_E_ILLEGAL, "the herd would split");
    free_game(g);
}

static void cannot_move_the_opponents_horse_or_an_empty_cell(void **state)
{
    (void)state;
    herd_game *g = game_from_text(HUB);
    expect_refused(g, move_of(6, 5, 4, 4), HERD_E_ILLEGAL, "g6 has no green horse");
    expect_refused(g, move_of(3, 3, 5, 4), HERD_E_ILLEGAL, "d4 has no green horse");
    free_game(g);
    g = game_from_text("horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,e5,f3");
    expect_refused(g, move_of(0, 0, 2, 1), HERD_E_ILLEGAL, "a1 has no red horse");
    free_game(g);
}

static void move_must_be_a_knight_jump(void **state)
{
    (void)state;
    herd_game *g = game_from_text(HUB);
    expect_refused(g, move_of(2, 0, 3, 0), HERD_E_ILLEGAL, "c1-d1 is not a knight's move");
    expect_refused(g, move_of(2, 0, 4, 2), HERD_E_ILLEGAL, "c1-e3 is not a knight's move");
    expect_refused(g, move_of(2, 0, 2, 0), HERD_E_ILLEGAL, "c1-c1 is not a knight's move");
    expect_refused(g, move_of(2, 0, 5, 1), HERD_E_ILLEGAL, "c1-f2 is not a knight's move");
    /* Not a move of this game at all. */
    expect_refused(g, (herd_move)1 << 40, HERD_E_ILLEGAL, "");
    free_game(g);
}

static void every_jump_is_played_or_refused_as_the_rules_say(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 1234);
    const int sizes[][3] = {{8, 8, 4},  {8, 8, 10},   {9, 12, 6},
                            {15, 9, 8}, {30, 20, 10}, {11, 8, 5}};
    int ongoing = 0;
    for (int k = 0; k < 240; k++) {
        const int *sz = sizes[k % 6];
        ref_pos p;
        char text[TEXT_CAP];
        ref_random_position(&rng, sz[0], sz[1], sz[2], &p);
        ref_text(&p, text);
        herd_game *g = game_from_text(text);
        if (ref_status(&p).result == HERD_ONGOING) {
            check_every_jump(g, &p);
            ongoing++;
        }
        check_invariants(g);
        herd_free(g);
    }
    assert_true(ongoing > 200);
}

/* ---------------------------------------------------------- random games */

static void herd_stays_together_in_random_games(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 77);
    const int sizes[][3] = {{8, 8, 4},   {8, 8, 6},    {8, 8, 10}, {10, 9, 7},
                            {13, 11, 5}, {30, 20, 10}, {20, 8, 9}, {8, 20, 8}};
    long plies = 0, wins = 0;
    for (int game = 0; game < 48; game++) {
        const int *sz = sizes[game % 8];
        herd_game *g;
        if (game % 2) {
            /* From a random position where the herds meet. */
            ref_pos p;
            char text[TEXT_CAP];
            ref_random_position(&rng, sz[0], sz[1], sz[2], &p);
            ref_text(&p, text);
            g = game_from_text(text);
        } else {
            char opt[64];
            snprintf(opt, sizeof opt, "w=%d h=%d n=%d seed=%d", sz[0], sz[1], sz[2], 1000 + game);
            g = new_game(opt);
        }
        check_invariants(g);
        for (int ply = 0; ply < 120; ply++) {
            herd_status st;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING) {
                wins++;
                break;
            }
            if (ply % 3 == 0) {
                assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
            } else {
                herd_move moves[HERD_MAX_MOVES];
                size_t n;
                assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
                assert_true(n > 0);
                assert_int_equal(herd_apply(g, moves[trng_below(&rng, (unsigned)n)]), HERD_OK);
            }
            plies++;
            check_invariants(g);
        }
        herd_free(g);
    }
    assert_true(plies > 2000);
    assert_true(wins > 0);
}

/* ------------------------------------------------------ the move order */

/* A game from a random position on a board of random size with a random
 * number of horses a side. */
static herd_game *random_game(test_rng *rng)
{
    ref_pos p;
    char text[TEXT_CAP];
    int w = 8 + (int)trng_below(rng, 23), h = 8 + (int)trng_below(rng, 13);
    int n = 4 + (int)trng_below(rng, 7);
    ref_random_position(rng, w, h, n, &p);
    ref_text(&p, text);
    return game_from_text(text);
}

/* The library's jumps in the order it lists them (docs/horses.md's action
 * planes): up two, up one, down one, down two; left before right. */
static const int listed_jump[8][2] = {{-2, -1}, {-2, 1}, {-1, -2}, {-1, 2},
                                      {1, -2},  {1, 2},  {2, -1},  {2, 1}};

/* The legal moves of the side to move, in order, from the model's flood
 * fill alone: horses 1..n, each in listed_jump[]'s order. */
static int brute_force_moves(const ref_pos *p, herd_move *out)
{
    int side = p->turn, count = 0;
    if (ref_status(p).result != HERD_ONGOING)
        return 0;
    for (int i = 0; i < p->n; i++)
        for (int k = 0; k < 8; k++) {
            int fr = p->r[side][i], fc = p->c[side][i];
            int tr = fr + listed_jump[k][0], tc = fc + listed_jump[k][1];
            if (tr < 0 || tr >= p->h || tc < 0 || tc >= p->w || ref_occupied(p, tr, tc) ||
                !ref_together_after(p, side, i, tr, tc))
                continue;
            out[count++] = move_of(fr, fc, tr, tc);
        }
    return count;
}

/* g lists exactly the brute force's moves in the brute force's order, and
 * so does a fresh game read from g's position, which works its herds out
 * from scratch instead of keeping them up to date move by move. */
static void check_moves_in_order(herd_game *g)
{
    ref_pos p;
    char text[TEXT_CAP];
    herd_move lib[HERD_MAX_MOVES], fresh[HERD_MAX_MOVES], want[8 * REF_MAX_N];
    size_t n = 0, m = 0;
    ref_from_game(g, &p);
    int k = brute_force_moves(&p, want);
    assert_int_equal(herd_legal_moves(g, lib, HERD_MAX_MOVES, &n), HERD_OK);
    position_text(g, text);
    herd_game *f = game_from_text(text);
    assert_int_equal(herd_legal_moves(f, fresh, HERD_MAX_MOVES, &m), HERD_OK);
    if (n != (size_t)k)
        print_error("library has %zu legal moves, the brute force %d, in\n  %s\n", n, k, text);
    assert_int_equal(n, (size_t)k);
    assert_int_equal(m, (size_t)k);
    for (int i = 0; i < k; i++) {
        assert_true(lib[i] == want[i]);
        assert_true(fresh[i] == want[i]);
    }
    uint64_t a = 0, b = 0;
    assert_int_equal(herd_perft(g, 2, &a), HERD_OK);
    assert_int_equal(herd_perft(f, 2, &b), HERD_OK);
    assert_true(a == b);
    herd_free(f);
}

/* Random positions where the herds meet (herds with cut points and with
 * rings, on every board size), then random moves from them: the moves,
 * in their order, are the brute force's. */
static void legal_moves_come_in_the_brute_forces_order(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 2626);
    long checked = 0;
    for (int k = 0; k < 160; k++) {
        herd_game *g = random_game(&rng);
        for (int ply = 0; ply < 40; ply++) {
            herd_status st;
            check_moves_in_order(g);
            checked++;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            herd_move moves[HERD_MAX_MOVES];
            size_t count;
            assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &count), HERD_OK);
            assert_int_equal(herd_apply(g, moves[trng_below(&rng, (unsigned)count)]), HERD_OK);
        }
        herd_free(g);
    }
    assert_true(checked > 3000);
}

/* ------------------------------------------------------------- winning */

static void expect_game_over(herd_game *g, int winner, herd_reason reason, herd_move was_legal)
{
    check_status(g, HERD_WIN, winner, reason);
    assert_int_equal(legal_count(g), 0);
    assert_false(herd_is_legal(g, was_legal));
    uint64_t nodes = 9;
    assert_int_equal(herd_perft(g, 1, &nodes), HERD_OK);
    assert_true(nodes == 0);
    /* Any further move is refused because the game is over. */
    herd_move m = 0;
    snapshot s;
    snap_take(&s, g);
    assert_int_equal(herd_apply(g, was_legal), HERD_E_STATE);
    assert_non_null(strstr(herd_last_error(g), "over"));
    assert_int_equal(herd_genmove(g, 0, &m), HERD_E_STATE);
    assert_int_equal(herd_play_genmove(g, 0, &m), HERD_E_STATE);
    snap_check(&s, g);
}

/* Plays `move` in `text` (the side to move wins on its target corner). */
static void check_corner_win(const char *text, const char *move, int winner)
{
    herd_game *g = game_from_text(text);
    ref_pos p;
    ref_from_game(g, &p);
    check_status(g, HERD_ONGOING, winner, HERD_REASON_NONE);
    herd_move m = parse_move(g, move);
    herd_cell a, b;
    herd_horses_move_cells(m, &a, &b);
    /* The model agrees: the move is legal and lands on the target corner. */
    ref_move rm[8 * REF_MAX_N];
    int n = ref_legal(&p, rm), found = 0;
    for (int i = 0; i < n; i++)
        found |= ref_to_move(&rm[i]) == m;
    assert_true(found);
    if (winner == HERD_HORSES_GREEN)
        assert_true(b.row == p.h - 1 && b.col == p.w - 1);
    else
        assert_true(b.row == 0 && b.col == 0);

    herd_game *before;
    assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
    assert_int_equal(herd_apply(g, m), HERD_OK);
    ref_from_game(g, &p);
    assert_int_equal(ref_corner_winner(&p), winner);
    expect_game_over(g, winner, HERD_REASON_CORNER, m);
    /* Undo takes the win back. */
    assert_int_equal(herd_undo(g), HERD_OK);
    assert_true(herd_same_position(g, before));
    check_status(g, HERD_ONGOING, winner, HERD_REASON_NONE);
    herd_free(before);
    herd_free(g);
}

static void green_wins_on_the_bottom_right_corner(void **state)
{
    (void)state;
    check_corner_win("horses w=8 h=8 turn=green green=c4,e5,f7,g6 red=a8,b6,c8,d7", "f7-h8",
                     HERD_HORSES_GREEN);
    check_corner_win("horses w=8 h=8 turn=green green=c4,e5,f7,g6 red=a8,b6,c8,d7", "g6-h8",
                     HERD_HORSES_GREEN);
    check_corner_win("horses w=11 h=9 turn=green green=g10,f8,h9,e6,e9 red=a11,c10,b9,c7,d8",
                     "h9-i11", HERD_HORSES_GREEN);
}

static void red_wins_on_a1(void **state)
{
    (void)state;
    check_corner_win("horses w=8 h=8 turn=red green=f1,g3,h1,h5 red=b3,c2,d4,e6", "c2-a1",
                     HERD_HORSES_RED);
    check_corner_win("horses w=8 h=8 turn=red green=f1,g3,h1,h5 red=b3,c2,d4,e6", "b3-a1",
                     HERD_HORSES_RED);
    check_corner_win("horses w=13 h=10 turn=red green=a10,b9,c11,e12,c9 red=d4,c2,b5,e1,b3",
                     "b3-a1", HERD_HORSES_RED);
}

static void a_position_on_the_target_corner_is_an_ended_game(void **state)
{
    (void)state;
    /* Read from text, a horse already on its target corner has won. */
    herd_game *g = game_from_text("horses w=8 h=8 turn=red green=c4,e5,h8,g6 red=a8,b6,c8,d7");
    check_status(g, HERD_WIN, HERD_HORSES_GREEN, HERD_REASON_CORNER);
    assert_int_equal(legal_count(g), 0);
    herd_free(g);
    g = game_from_text("horses w=8 h=8 turn=green green=f1,g3,h1,h5 red=b3,a1,d4,e6");
    check_status(g, HERD_WIN, HERD_HORSES_RED, HERD_REASON_CORNER);
    assert_int_equal(legal_count(g), 0);
    herd_free(g);
}

static void side_without_moves_loses(void **state)
{
    (void)state;
    /* Green's herd in the a1 corner, boxed in by Red's horses. */
    const char *const texts[] = {
        "horses w=8 h=8 turn=green green=b1,d2,c4,a3 red=d6,f5,e4,c3",
        "horses w=8 h=8 turn=green green=a2,b4,d3,c1 red=a6,c5,b3,e6",
        "horses w=8 h=8 turn=green green=a4,b2,d1,c3 red=b3,d4,d2,e2",
        /* Red's herd locked by its own hub: every jump splits it. */
        "horses w=8 h=8 turn=red green=a1,b3,c1,c5 red=h8,g6,f8,h4",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        herd_game *g = game_from_text(texts[i]);
        ref_pos p;
        ref_from_game(g, &p);
        /* The model: nobody on a corner, the side to move has no jump. */
        assert_int_equal(ref_corner_winner(&p), -1);
        assert_int_equal(ref_side_moves(&p, p.turn, NULL), 0);
        assert_true(ref_side_moves(&p, !p.turn, NULL) > 0);
        check_status(g, HERD_WIN, !p.turn, HERD_REASON_NO_MOVES);
        assert_int_equal(legal_count(g), 0);
        herd_move m = 0;
        assert_int_equal(herd_genmove(g, 0, &m), HERD_E_STATE);
        herd_free(g);
    }
}

static void move_that_leaves_the_opponent_without_moves_ends_the_game(void **state)
{
    (void)state;
    const char *const cases[][2] = {
        {"horses w=8 h=8 turn=red green=c1,d3,a2,b2 red=d5,f6,e3,c2", "c2-b4"},
        {"horses w=8 h=8 turn=red green=a3,b1,d2,c2 red=a5,c6,e5,b3", "e5-c4"},
        {"horses w=8 h=8 turn=red green=a4,c3,b1,d1 red=e5,c6,c4,d3", "c4-b2"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = game_from_text(cases[i][0]);
        herd_game *before;
        ref_pos p;
        ref_from_game(g, &p);
        check_status(g, HERD_ONGOING, HERD_HORSES_RED, HERD_REASON_NONE);
        assert_true(ref_side_moves(&p, HERD_HORSES_GREEN, NULL) > 0); /* Green could move before */
        herd_move m = parse_move(g, cases[i][1]);
        assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
        assert_int_equal(herd_apply(g, m), HERD_OK);
        ref_from_game(g, &p);
        assert_int_equal(ref_corner_winner(&p), -1);
        assert_int_equal(ref_side_moves(&p, HERD_HORSES_GREEN, NULL), 0);
        expect_game_over(g, HERD_HORSES_RED, HERD_REASON_NO_MOVES, m);
        assert_int_equal(herd_undo(g), HERD_OK);
        assert_true(herd_same_position(g, before));
        herd_free(before);
        herd_free(g);
    }
}

static void opponents_horse_one_may_keep_its_corner(void **state)
{
    (void)state;
    /* Red's horse 1 on h8 with a green horse a jump away on f7. */
    herd_game *g =
        game_from_text("horses w=8 h=8 turn=green green=f3,f7,e6,g5,h6 red=h8,g6,h4,h3,f4");
    check_status(g, HERD_ONGOING, HERD_HORSES_GREEN, HERD_REASON_NONE);
    assert_true(legal_count(g) > 0);
    expect_refused(g, move_of(5, 6, 7, 7), HERD_E_ILLEGAL, "h8 is occupied");
    herd_free(g);

    /* From real starts: Red never moves horse 1, Green can never land on
     * the corner it holds, and the game goes on. */
    int red_turns = 0;
    for (int seed = 0; seed < 6; seed++) {
        char opt[64];
        test_rng rng;
        trng_seed(&rng, (uint64_t)seed);
        snprintf(opt, sizeof opt, "seed=%d n=%d", seed, 4 + seed);
        g = new_game(opt);
        herd_cell corner = {7, 7}, cell;
        int side, number;
        assert_int_equal(herd_horses_at(g, corner, &side, &number), HERD_OK);
        assert_int_equal(side, HERD_HORSES_RED);
        assert_int_equal(number, 1);
        for (int ply = 0; ply < 80; ply++) {
            herd_status st;
            herd_get_status(g, &st);
            /* Nobody has won by the corner: Red's horse on its own home corner is no win. */
            assert_true(st.result == HERD_ONGOING || st.reason == HERD_REASON_NO_MOVES);
            if (st.result != HERD_ONGOING)
                break;
            herd_move moves[HERD_MAX_MOVES], keep[HERD_MAX_MOVES];
            size_t n, k = 0;
            assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
            for (size_t i = 0; i < n; i++) {
                herd_cell a, b;
                herd_horses_move_cells(moves[i], &a, &b);
                assert_false(b.row == 7 && b.col == 7); /* nobody can land on h8 */
                if (!(a.row == 7 && a.col == 7))
                    keep[k++] = moves[i];
            }
            if (st.side == HERD_HORSES_RED) {
                /* Red is never forced to leave: another move exists. */
                assert_true(k > 0);
                red_turns++;
                assert_int_equal(herd_apply(g, keep[trng_below(&rng, (unsigned)k)]), HERD_OK);
            } else {
                assert_int_equal(herd_apply(g, moves[trng_below(&rng, (unsigned)n)]), HERD_OK);
            }
            assert_int_equal(herd_horses_horse(g, HERD_HORSES_RED, 1, &cell), HERD_OK);
            assert_int_equal(cell.row, 7);
            assert_int_equal(cell.col, 7);
        }
        herd_free(g);
    }
    assert_true(red_turns > 100);
}

/* ------------------------------------------------------- start placement */

static void check_start(herd_game *g, int w, int h, int n)
{
    ref_pos p;
    ref_from_game(g, &p);
    assert_int_equal(p.w, w);
    assert_int_equal(p.h, h);
    assert_int_equal(p.n, n);
    assert_int_equal(p.turn, HERD_HORSES_GREEN);
    /* Horse 1 of each side on its home corner. */
    assert_int_equal(p.r[0][0], 0);
    assert_int_equal(p.c[0][0], 0);
    assert_int_equal(p.r[1][0], h - 1);
    assert_int_equal(p.c[1][0], w - 1);
    /* Every horse inside the 6x6 box at its own corner. */
    for (int i = 0; i < n; i++) {
        assert_true(p.r[0][i] >= 0 && p.r[0][i] < 6 && p.c[0][i] >= 0 && p.c[0][i] < 6);
        assert_true(p.r[1][i] >= h - 6 && p.r[1][i] < h && p.c[1][i] >= w - 6 && p.c[1][i] < w);
    }
    /* Never two horses on one cell. */
    for (int a = 0; a < 2 * n; a++)
        for (int b = a + 1; b < 2 * n; b++)
            assert_false(p.r[a / n][a % n] == p.r[b / n][b % n] &&
                         p.c[a / n][a % n] == p.c[b / n][b % n]);
    /* Both herds together. */
    assert_true(ref_together(&p, 0));
    assert_true(ref_together(&p, 1));
    assert_true(together_of(g, 0));
    assert_true(together_of(g, 1));
    /* Green can move, by the library and by the model. */
    check_status(g, HERD_ONGOING, HERD_HORSES_GREEN, HERD_REASON_NONE);
    assert_true(ref_side_moves(&p, HERD_HORSES_GREEN, NULL) > 0);
    check_legal_matches_model(g, &p);
    /* Red can move too: the same position with Red to move. */
    char text[TEXT_CAP];
    p.turn = HERD_HORSES_RED;
    ref_text(&p, text);
    herd_game *r = game_from_text(text);
    assert_true(ref_side_moves(&p, HERD_HORSES_RED, NULL) > 0);
    check_status(r, HERD_ONGOING, HERD_HORSES_RED, HERD_REASON_NONE);
    assert_true(legal_count(r) > 0);
    check_legal_matches_model(r, &p);
    herd_free(r);
}

static void start_placement_keeps_every_rule_for_every_size(void **state)
{
    (void)state;
    int games = 0;
    for (int w = HERD_HORSES_MIN_WIDTH; w <= HERD_HORSES_MAX_WIDTH; w++)
        for (int h = HERD_HORSES_MIN_HEIGHT; h <= HERD_HORSES_MAX_HEIGHT; h++)
            for (int n = HERD_HORSES_MIN_HORSES; n <= HERD_HORSES_MAX_HORSES; n++)
                for (int k = 0; k < 2; k++) {
                    char opt[80];
                    uint64_t seed = (uint64_t)(w * 1000003 + h * 1009 + n * 31 + k) * 2654435761u;
                    snprintf(opt, sizeof opt, "w=%d h=%d n=%d seed=%llu", w, h, n,
                             (unsigned long long)seed);
                    herd_game *g = new_game(opt);
                    check_start(g, w, h, n);
                    herd_free(g);
                    games++;
                }
    assert_int_equal(games, 23 * 13 * 7 * 2);
}

static void start_placement_keeps_every_rule_over_thousands_of_seeds(void **state)
{
    (void)state;
    const int sizes[][3] = {{8, 8, 6}, {8, 8, 10}, {8, 8, 4}, {30, 20, 10}, {9, 8, 10}};
    const int seeds[] = {1500, 1500, 500, 500, 500};
    for (int s = 0; s < 5; s++)
        for (int seed = 0; seed < seeds[s]; seed++) {
            char opt[80];
            snprintf(opt, sizeof opt, "w=%d h=%d n=%d seed=%d", sizes[s][0], sizes[s][1],
                     sizes[s][2], seed);
            herd_game *g = new_game(opt);
            check_start(g, sizes[s][0], sizes[s][1], sizes[s][2]);
            herd_free(g);
        }
    /* The largest seeds too. */
    herd_game *g = new_game("seed=18446744073709551615 n=10");
    check_start(g, 8, 8, 10);
    herd_free(g);
}

static void start_placement_is_deterministic_and_depends_on_the_seed(void **state)
{
    (void)state;
    const int sizes[][3] = {{8, 8, 6}, {8, 8, 4}, {8, 8, 10}, {30, 20, 10}, {17, 12, 5}};
    for (int s = 0; s < 5; s++) {
        int differ = 0;
        char prev[TEXT_CAP] = "";
        for (int seed = 0; seed < 300; seed++) {
            char opt[80], a[TEXT_CAP], b[TEXT_CAP];
            snprintf(opt, sizeof opt, "w=%d h=%d n=%d seed=%d", sizes[s][0], sizes[s][1],
                     sizes[s][2], seed);
            herd_game *x = new_game(opt), *y = new_game(opt), *z;
            herd_horses_options o = {HERD_HORSES_OPTIONS_VERSION, sizes[s][0], sizes[s][1],
                                     sizes[s][2], (uint64_t)seed};
            assert_int_equal(herd_horses_new(&o, NULL, NULL, &z, NULL), HERD_OK);
            position_text(x, a);
            position_text(y, b);
            assert_string_equal(a, b);
            assert_true(herd_same_position(x, y));
            assert_true(herd_same_position(x, z));
            differ += strcmp(a, prev) != 0;
            strcpy(prev, a);
            herd_free(x);
            herd_free(y);
            herd_free(z);
        }
        /* Neighbouring seeds give different starts for nearly every seed. */
        if (differ < 270)
            print_error("size %dx%d n=%d: only %d of 300 seeds differ from the one before\n",
                        sizes[s][0], sizes[s][1], sizes[s][2], differ);
        assert_true(differ >= 270);
    }
}

/* ------------------------------------------------------- the computer */

static void computer_never_plays_straight_back_while_another_move_exists(void **state)
{
    (void)state;
    long tested = 0, forced = 0;
    const int sizes[][3] = {{8, 8, 4}, {8, 8, 10}, {9, 9, 6}, {12, 10, 8}};
    for (int game = 0; game < 40; game++) {
        char opt[80];
        const int *sz = sizes[game % 4];
        snprintf(opt, sizeof opt, "w=%d h=%d n=%d seed=%d", sz[0], sz[1], sz[2], 500 + game);
        herd_game *g = new_game(opt);
        herd_move last[2] = {0, 0};
        for (int ply = 0; ply < 150; ply++) {
            herd_status st;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            int side = st.side;
            herd_move back = 0, moves[HERD_MAX_MOVES], m;
            size_t n;
            if (last[side]) {
                herd_cell a, b;
                herd_horses_move_cells(last[side], &a, &b);
                back = herd_horses_move(b, a);
            }
            assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
            int back_legal = back && herd_is_legal(g, back);
            assert_int_equal(herd_play_genmove(g, 0, &m), HERD_OK);
            if (back_legal && n > 1) {
                assert_true(m != back);
                tested++;
            } else if (back_legal) {
                assert_true(m == back);
                forced++;
            }
            last[side] = m;
        }
        herd_free(g);
    }
    /* The check ran often enough to mean something. */
    assert_true(tested > 300);
    (void)forced;
}

static void computer_plays_straight_back_when_nothing_else_is_legal(void **state)
{
    (void)state;
    /* Green a1-c2, Red c6-b4: then Green's only legal move is c2-a1. */
    const char *const cases[][3] = {
        {"horses w=8 h=8 turn=green green=a1,b3,d2,d4 red=c6,e5,f3,d3", "a1-c2", "c6-b4"},
        {"horses w=8 h=8 turn=green green=b3,d4,a1,d2 red=b4,d3,c2,f2", "d4-f3", "c2-e1"},
        {"horses w=8 h=8 turn=green green=a4,c3,d1,b1 red=e6,c5,b3,c1", "a4-b2", "c1-d3"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = game_from_text(cases[i][0]);
        herd_move x = parse_move(g, cases[i][1]), y = parse_move(g, cases[i][2]);
        herd_cell a, b;
        herd_horses_move_cells(x, &a, &b);
        herd_move back = herd_horses_move(b, a);
        assert_int_equal(herd_apply(g, x), HERD_OK);
        assert_int_equal(herd_apply(g, y), HERD_OK);
        /* The model agrees that straight back is all there is. */
        ref_pos p;
        ref_from_game(g, &p);
        ref_move rm[8 * REF_MAX_N];
        assert_int_equal(ref_legal(&p, rm), 1);
        assert_true(ref_to_move(&rm[0]) == back);
        herd_move moves[4];
        size_t n;
        assert_int_equal(herd_legal_moves(g, moves, 4, &n), HERD_OK);
        assert_int_equal(n, 1);
        assert_true(moves[0] == back);
        for (int k = 0; k < 10; k++) {
            herd_move m = 0;
            assert_int_equal(herd_genmove(g, 0, &m), HERD_OK);
            assert_true(m == back);
        }
        herd_move m = 0;
        assert_int_equal(herd_play_genmove(g, 1, &m), HERD_OK);
        assert_true(m == back);
        herd_free(g);
    }
}

static void computer_picks_a_horse_uniformly_then_one_of_its_moves(void **state)
{
    (void)state;
    /* A start where the horses have different numbers of moves, so that
     * "horse first" and "any move uniformly" give different odds. */
    herd_game *g = new_game("w=10 h=10 n=7 seed=19");
    ref_pos p;
    ref_from_game(g, &p);
    ref_move rm[8 * REF_MAX_N];
    int total = ref_legal(&p, rm);
    int per_horse[REF_MAX_N] = {0}, horses = 0;
    for (int i = 0; i < total; i++)
        per_horse[rm[i].horse]++;
    for (int i = 0; i < p.n; i++)
        horses += per_horse[i] > 0;
    assert_true(horses >= 2);
    const int draws = 20000;
    double worst_gap = 0;
    for (int i = 0; i < total; i++) {
        double horse_first = (double)draws / horses / per_horse[rm[i].horse];
        double flat = (double)draws / total;
        double gap = fabs_(horse_first - flat) / sqrt_(horse_first);
        if (gap > worst_gap)
            worst_gap = gap;
    }
    assert_true(worst_gap > 12.0); /* the test can tell the two rules apart */
    int seen[8 * REF_MAX_N] = {0};
    for (int d = 0; d < draws; d++) {
        herd_move m;
        assert_int_equal(herd_genmove(g, 0, &m), HERD_OK);
        int found = -1;
        for (int i = 0; i < total; i++)
            if (ref_to_move(&rm[i]) == m)
                found = i;
        assert_true(found >= 0);
        seen[found]++;
    }
    for (int i = 0; i < total; i++) {
        double want = (double)draws / horses / per_horse[rm[i].horse];
        double sigma = sqrt_(want);
        if (fabs_(seen[i] - want) > 5 * sigma)
            print_error("move %d of horse %d: seen %d, expected %.0f\n", i, rm[i].horse + 1,
                        seen[i], want);
        assert_true(fabs_(seen[i] - want) <= 5 * sigma);
    }
    herd_free(g);
}

/* ------------------------------------------------------------- perft */

static void check_perft(const char *name, herd_game *g, unsigned depth, const uint64_t *pinned)
{
    ref_pos p;
    ref_from_game(g, &p);
    for (unsigned d = 1; d <= depth; d++) {
        uint64_t lib = 0, mine = ref_perft(&p, d);
        assert_int_equal(herd_perft(g, d, &lib), HERD_OK);
        if (lib != mine || (pinned && pinned[d - 1] != mine))
            print_error("perft %s depth %u: library %llu, model %llu, pinned %llu\n", name, d,
                        (unsigned long long)lib, (unsigned long long)mine,
                        (unsigned long long)(pinned ? pinned[d - 1] : 0));
        assert_true(lib == mine);
        if (pinned)
            assert_true(pinned[d - 1] == mine);
    }
}

static void perft_matches_the_simple_generator(void **state)
{
    (void)state;
    /* The pinned numbers come from an independent Python model of the rules
     * (tests/protocol/horses_ref.py), and must agree with this file's model. */
    static const struct {
        const char *name, *text;
        unsigned depth;
        uint64_t pinned[5];
    } positions[] = {
        {"8x8 n=6 green near the corner",
         "horses w=8 h=8 turn=green green=e4,g7,g8,h5,f6,f5 red=c6,b5,e6,b7,d8,d4",
         5,
         {9, 86, 408, 2071, 16469}},
        {"12x10 n=6 red to move",
         "horses w=12 h=10 turn=red green=g5,g7,f9,i6,f5,h9 red=c5,d3,e5,b7,f2,b2",
         5,
         {9, 72, 360, 2430, 17212}},
        {"30x20 n=10",
         "horses w=30 h=20 turn=green green=m16,k12,k13,j15,g12,i13,l14,i11,j14,l15 "
         "red=e12,b13,a14,c11,a11,a12,e14,d13,c15,b9",
         4,
         {20, 400, 7464, 96610}},
        {"8x8 n=10 crowded",
         "horses w=8 h=8 turn=red green=g4,d3,g5,f7,e5,h6,f2,d8,g8,e1 "
         "red=e2,a2,a4,d1,c3,b1,c1,c5,a3,e4",
         4,
         {8, 92, 876, 9139}},
        {"8x8 n=4 red locked",
         "horses w=8 h=8 turn=green green=a1,b3,c1,c5 red=h8,g6,f8,h4",
         3,
         {2, 0, 0}},
    };
    for (size_t i = 0; i < sizeof positions / sizeof positions[0]; i++) {
        herd_game *g = game_from_text(positions[i].text);
        check_perft(positions[i].name, g, positions[i].depth, positions[i].pinned);
        herd_free(g);
    }
    /* Start positions from fixed seeds, against the model only. */
    const char *const starts[] = {"w=30 h=20 n=10 seed=5", "w=8 h=8 n=10 seed=3",
                                  "w=19 h=13 n=7 seed=8"};
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        herd_game *g = new_game(starts[i]);
        check_perft(starts[i], g, 3, NULL);
        herd_free(g);
    }
}

/* The counts of start positions from seeds, pinned: the herd's shape reads
 * its rows of bytes as words, which a big-endian machine once read in the
 * other order (172 and 4420 at depth 3 on s390x; docs/building.md). */
static void perft_from_seeds_is_the_same_on_every_machine(void **state)
{
    (void)state;
    static const struct {
        const char *options;
        uint64_t pinned[3];
    } starts[] = {
        {"w=8 h=8 n=8 seed=3", {12, 20, 176}},
        {"w=30 h=20 n=10 seed=1", {17, 306, 5004}},
    };
    for (size_t i = 0; i < sizeof starts / sizeof starts[0]; i++) {
        herd_game *g = new_game(starts[i].options);
        check_perft(starts[i].options, g, 3, starts[i].pinned);
        herd_free(g);
    }
}

/* ----------------------------------------------------- texts, apply/undo */

static void position_text_round_trips_in_random_positions(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 4242);
    herd_game *g = new_game("seed=1");
    for (int k = 0; k < 400; k++) {
        ref_pos p, back;
        char text[TEXT_CAP], out[TEXT_CAP];
        int w = 8 + (int)trng_below(&rng, 23), h = 8 + (int)trng_below(&rng, 13);
        int n = 4 + (int)trng_below(&rng, 7);
        ref_random_position(&rng, w, h, n, &p);
        ref_text(&p, text);
        assert_int_equal(herd_position_from_text(g, text), HERD_OK);
        position_text(g, out);
        assert_string_equal(out, text);
        ref_from_game(g, &back);
        assert_int_equal(memcmp(&back, &p, sizeof p), 0);
        check_status_matches_model(g, &p);
        /* Two games with alike generators read the text to the same state. */
        herd_game *h2 = new_game("seed=1"), *fresh = new_game("seed=1");
        assert_int_equal(herd_position_from_text(h2, out), HERD_OK);
        assert_int_equal(herd_position_from_text(fresh, text), HERD_OK);
        assert_true(herd_same_position(h2, fresh));
        herd_free(fresh);
        herd_free(h2);
    }
    herd_free(g);
}

static void apply_then_undo_restores_every_position(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 999);
    long moves_checked = 0;
    for (int k = 0; k < 150; k++) {
        herd_game *g = random_game(&rng);
        /* A few moves first, so that the history is not empty. */
        for (int i = 0; i < 3; i++) {
            herd_status st;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
        }
        herd_game *before;
        assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
        herd_move moves[HERD_MAX_MOVES];
        size_t count;
        assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &count), HERD_OK);
        size_t hist = herd_history_length(g);
        for (size_t i = 0; i < count; i++) {
            char t0[TEXT_CAP], t1[TEXT_CAP];
            position_text(g, t0);
            assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
            position_text(g, t1);
            assert_string_not_equal(t0, t1);
            assert_false(herd_same_position(g, before));
            assert_int_equal(herd_undo(g), HERD_OK);
            assert_true(herd_same_position(g, before));
            assert_int_equal(herd_history_length(g), hist);
            position_text(g, t1);
            assert_string_equal(t0, t1);
            moves_checked++;
        }
        herd_free(before);
        herd_free(g);
    }
    assert_true(moves_checked > 1000);
}

/* ---------------------------------------------------- the typed extras */

static void connection_lines_are_the_knight_links(void **state)
{
    (void)state;
    test_rng rng;
    trng_seed(&rng, 31337);
    for (int k = 0; k < 300; k++) {
        ref_pos p;
        char text[TEXT_CAP];
        int w = 8 + (int)trng_below(&rng, 23), h = 8 + (int)trng_below(&rng, 13);
        int n = 4 + (int)trng_below(&rng, 7);
        ref_random_position(&rng, w, h, n, &p);
        ref_text(&p, text);
        herd_game *g = game_from_text(text);
        for (int side = 0; side < 2; side++) {
            herd_horses_line lines[HERD_HORSES_MAX_LINES];
            size_t count = 0, want = 0;
            assert_int_equal(herd_horses_lines(g, side, lines, HERD_HORSES_MAX_LINES, &count),
                             HERD_OK);
            assert_true(count <= HERD_HORSES_MAX_LINES);
            assert_true(count >= (size_t)(n - 1)); /* a connected herd */
            for (int a = 0; a < n; a++)
                for (int b = a + 1; b < n; b++)
                    if (ref_knight(p.r[side][a], p.c[side][a], p.r[side][b], p.c[side][b])) {
                        assert_true(want < count);
                        assert_int_equal(lines[want].a, a + 1);
                        assert_int_equal(lines[want].b, b + 1);
                        want++;
                    }
            assert_int_equal(count, want);
        }
        herd_free(g);
    }
}

/* Knight distance on an empty board by breadth-first search. */
static int bfs_distance(int w, int h, int r0, int c0, int r1, int c1)
{
    int dist[HERD_HORSES_MAX_HEIGHT][HERD_HORSES_MAX_WIDTH], queue[600][2], head = 0, tail = 0;
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++)
            dist[r][c] = -1;
    dist[r0][c0] = 0;
    queue[tail][0] = r0;
    queue[tail++][1] = c0;
    while (head < tail) {
        int r = queue[head][0], c = queue[head++][1];
        for (int k = 0; k < 8; k++) {
            int rr = r + ref_jump[k][0], cc = c + ref_jump[k][1];
            if (rr < 0 || rr >= h || cc < 0 || cc >= w || dist[rr][cc] >= 0)
                continue;
            dist[rr][cc] = dist[r][c] + 1;
            queue[tail][0] = rr;
            queue[tail++][1] = cc;
        }
    }
    return dist[r1][c1];
}

static void progress_is_the_knight_distance_to_the_target(void **state)
{
    (void)state;
    /* On 8x8 the bar has 6 parts: a1 to h8 takes six knight moves. */
    assert_int_equal(bfs_distance(8, 8, 0, 0, 7, 7), 6);
    herd_game *g = new_game(NULL);
    int distance = -1, parts = -1;
    assert_int_equal(herd_horses_progress(g, HERD_HORSES_GREEN, &distance, &parts), HERD_OK);
    assert_int_equal(parts, 6);
    assert_int_equal(herd_horses_progress(g, HERD_HORSES_RED, NULL, &parts), HERD_OK);
    assert_int_equal(parts, 6);
    assert_int_equal(herd_horses_progress(g, HERD_HORSES_RED, NULL, NULL), HERD_OK);
    herd_free(g);

    test_rng rng;
    trng_seed(&rng, 2718);
    for (int k = 0; k < 200; k++) {
        ref_pos p;
        char text[TEXT_CAP];
        int w = 8 + (int)trng_below(&rng, 23), h = 8 + (int)trng_below(&rng, 13);
        int n = 4 + (int)trng_below(&rng, 7);
        ref_random_position(&rng, w, h, n, &p);
        ref_text(&p, text);
        g = game_from_text(text);
        int want_parts = bfs_distance(w, h, 0, 0, h - 1, w - 1);
        for (int side = 0; side < 2; side++) {
            int tr = side ? 0 : h - 1, tc = side ? 0 : w - 1, best = 1 << 30;
            for (int i = 0; i < n; i++) {
                int d = bfs_distance(w, h, p.r[side][i], p.c[side][i], tr, tc);
                if (d < best)
                    best = d;
            }
            assert_int_equal(herd_horses_progress(g, side, &distance, &parts), HERD_OK);
            assert_int_equal(distance, best);
            assert_int_equal(parts, want_parts);
        }
        herd_free(g);
    }
}

static void log_line_names_the_side_the_horse_and_the_cells(void **state)
{
    (void)state;
    /* Green's horse 10 stands on a3. */
    herd_game *g = game_from_text("horses w=10 h=10 turn=green "
                                  "green=b1,a4,d1,f1,g3,d4,c3,a2,e2,a3 "
                                  "red=f8,e6,i7,g6,h4,g7,h9,f9,j10,i6");
    char buf[128];
    size_t len = 0;
    herd_move m = parse_move(g, "a3-b5");
    assert_int_equal(herd_apply(g, m), HERD_OK);
    assert_int_equal(herd_horses_log_line(g, 3, m, buf, sizeof buf, &len), HERD_OK);
    assert_string_equal(buf, "3. Green moved horse 0: a3 -> b5");
    assert_int_equal(len, strlen(buf));
    m = parse_move(g, "e6-d8");
    assert_int_equal(herd_apply(g, m), HERD_OK);
    assert_int_equal(herd_horses_log_line(g, 4, m, buf, sizeof buf, &len), HERD_OK);
    assert_string_equal(buf, "4. Red moved horse 2: e6 -> d8");
    herd_free(g);

    /* Every move of a game, against the tests' own formatting. */
    g = new_game("w=12 h=9 n=10 seed=12");
    for (unsigned number = 1; number <= 60; number++) {
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
        int side = st.side;
        assert_int_equal(herd_play_genmove(g, 0, &m), HERD_OK);
        herd_cell a, b;
        herd_horses_move_cells(m, &a, &b);
        int who = -1, horse = 0;
        assert_int_equal(herd_horses_at(g, b, &who, &horse), HERD_OK);
        assert_int_equal(who, side);
        char want[128], fa[16], fb[16];
        ref_cell_name(fa, a.row, a.col);
        ref_cell_name(fb, b.row, b.col);
        snprintf(want, sizeof want, "%u. %s moved horse %d: %s -> %s", number,
                 side ? "Red" : "Green", horse % 10, fa, fb);
        assert_int_equal(herd_horses_log_line(g, number, m, buf, sizeof buf, &len), HERD_OK);
        assert_string_equal(buf, want);
    }
    herd_free(g);
}

/* The line of each history entry is the one the log wrote when it was
 * played, numbered from its place, before and after undo. */
static void history_line_is_the_log_line_of_each_entry(void **state)
{
    (void)state;
    enum { PLIES = 40 };
    static char logged[PLIES][128];
    herd_game *g = new_game("w=12 h=9 n=10 seed=12");
    char buf[128];
    size_t len = 0;
    unsigned played = 0;
    herd_status st;
    while (played < PLIES && herd_get_status(g, &st) == HERD_OK && st.result == HERD_ONGOING) {
        herd_move m;
        assert_int_equal(herd_play_genmove(g, 0, &m), HERD_OK);
        played++;
        assert_int_equal(herd_horses_log_line(g, played, m, logged[played - 1],
                                              sizeof logged[0], &len),
                         HERD_OK);
    }
    assert_true(played > 10);
    for (size_t i = 0; i < played; i++) {
        assert_int_equal(herd_horses_history_line(g, i, buf, sizeof buf, &len), HERD_OK);
        assert_string_equal(buf, logged[i]);
        assert_int_equal(len, strlen(buf));
    }
    /* After undo the history is shorter and its lines are the same. */
    assert_int_equal(herd_undo(g), HERD_OK);
    assert_int_equal(herd_undo(g), HERD_OK);
    size_t kept = herd_history_length(g);
    assert_int_equal(kept, played - 2);
    for (size_t i = 0; i < kept; i++) {
        assert_int_equal(herd_horses_history_line(g, i, buf, sizeof buf, &len), HERD_OK);
        assert_string_equal(buf, logged[i]);
    }

    /* Past the history: HERD_E_RANGE, nothing written. */
    memset(buf, 'x', sizeof buf);
    len = 7;
    assert_int_equal(herd_horses_history_line(g, kept, buf, sizeof buf, &len), HERD_E_RANGE);
    assert_int_equal(herd_horses_history_line(g, (size_t)-1, buf, sizeof buf, &len),
                     HERD_E_RANGE);
    assert_int_equal(buf[0], 'x');
    assert_int_equal(len, 7);
    /* Too small a buffer: the length needed, nothing written. */
    size_t need = strlen(logged[0]);
    assert_int_equal(herd_horses_history_line(g, 0, buf, need, &len), HERD_E_BUFFER);
    assert_int_equal(len, need);
    assert_int_equal(buf[0], 'x');
    assert_int_equal(herd_horses_history_line(g, 0, NULL, 0, &len), HERD_E_BUFFER);
    assert_int_equal(len, need);
    /* NULL handle, NULL buffer with room, another game. */
    assert_int_equal(herd_horses_history_line(NULL, 0, buf, sizeof buf, &len), HERD_E_ARG);
    assert_int_equal(herd_horses_history_line(g, 0, NULL, sizeof buf, &len), HERD_E_ARG);
    herd_game *other = game_new("flock", "");
    assert_int_equal(herd_play_genmove(other, 0, NULL), HERD_OK);
    assert_int_equal(herd_horses_history_line(other, 0, buf, sizeof buf, &len), HERD_E_ARG);
    herd_free(other);
    /* A position read from text starts a history of its own. */
    char text[HERD_MAX_POSITION_TEXT];
    assert_int_equal(herd_position_to_text(g, text, sizeof text, &len), HERD_OK);
    assert_int_equal(herd_position_from_text(g, text), HERD_OK);
    assert_int_equal(herd_horses_history_line(g, 0, buf, sizeof buf, &len), HERD_E_RANGE);
    herd_free(g);
}

static void show_draws_horse_ten_as_digit_zero(void **state)
{
    (void)state;
    /* On a 9x9 board no row or column is numbered 10, so a "10" could only
     * be a horse; and the digit 0 can only be the two horses 10. */
    test_rng rng;
    trng_seed(&rng, 10);
    ref_pos p;
    char text[TEXT_CAP], buf[4096];
    ref_random_position(&rng, 9, 9, 10, &p);
    ref_text(&p, text);
    herd_game *g = game_from_text(text);
    size_t len = 0;
    assert_int_equal(herd_show(g, buf, sizeof buf, &len), HERD_OK);
    assert_int_equal(len, strlen(buf));
    int lines = 0, zeros = 0;
    for (const char *q = buf; *q; q++) {
        lines += *q == '\n';
        zeros += *q == '0';
    }
    assert_true(lines >= 9); /* several lines: at least one per row */
    assert_null(strstr(buf, "10"));
    assert_int_equal(zeros, 2);
    herd_free(g);
}

/* perft plays through search_play(), which leaves the mover's herd shape to
 * be brought up to date later (by search_legal(), before a state's
 * children copy it). A state so left behind must read, list, count,
 * evaluate and play on exactly as one that play() kept up to date. */
#define STATE_WORDS (HERD_MAX_STATE_SIZE / sizeof(max_align_t)) /* room for a state */

static const herd_head *head_of(const void *game_state)
{
    return game_state; /* every game's state starts with its head */
}

static void same_listing(const herd_rules *rules, const void *kept, const void *behind)
{
    herd_move a[HERD_HORSES_MAX_MOVES], b[HERD_HORSES_MAX_MOVES];
    size_t na = rules->legal(kept, a), nb = rules->legal(behind, b);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, na * sizeof a[0]);
    assert_int_equal(rules->count(kept), rules->count(behind));
    assert_int_equal(rules->evaluate(kept, 0, NULL), rules->evaluate(behind, 0, NULL));
}

static void a_shape_left_behind_by_perfts_moves_reads_as_one_kept(void **state)
{
    (void)state;
    const herd_rules *rules = herdi_rules_of(herd_game_desc_find("horses"));
    const char *options[] = {"seed=4", "w=30 h=20 n=10 seed=1", "w=8 h=8 n=10 seed=2"};
    int checked = 0;
    for (size_t o = 0; o < sizeof options / sizeof options[0]; o++) {
        herd_game *g = new_game(options[o]);
        size_t size = herd_state_size(g);
        const void *start = herdi_game_state(g, HERD_HORSES);
        herd_move first[HERD_HORSES_MAX_MOVES], reply[HERD_HORSES_MAX_MOVES];
        size_t n1 = rules->legal(start, first);
        for (size_t i = 0; i < n1; i++) {
            max_align_t after_one[STATE_WORDS];
            memcpy(after_one, start, size);
            rules->play(after_one, first[i]);
            size_t n2 = rules->legal(after_one, reply);
            for (size_t j = 0; j < n2; j++) {
                max_align_t kept[STATE_WORDS], behind[STATE_WORDS], listed[STATE_WORDS];
                memcpy(kept, after_one, size);
                rules->play(kept, reply[j]);
                memcpy(behind, start, size);
                rules->fast->search_play(behind, first[i]);
                rules->fast->search_play(behind, reply[j]);
                if (head_of(kept)->result != HERD_ONGOING)
                    continue;
                /* Both herds are behind: read as they are, */
                same_listing(rules, kept, behind);
                /* brought up to date by perft's listing, */
                herd_move a[HERD_HORSES_MAX_MOVES], b[HERD_HORSES_MAX_MOVES];
                memcpy(listed, behind, size);
                size_t na = rules->legal(kept, a), nb = rules->fast->search_legal(listed, b);
                assert_int_equal(na, nb);
                assert_memory_equal(a, b, na * sizeof a[0]);
                same_listing(rules, kept, listed);
                /* and played on with a real move, which tests the status. */
                rules->play(kept, a[j % na]);
                rules->play(behind, a[j % na]);
                const herd_head *hk = head_of(kept), *hb = head_of(behind);
                assert_int_equal(hk->result, hb->result);
                assert_int_equal(hk->side, hb->side);
                assert_int_equal(hk->winner, hb->winner);
                assert_int_equal(hk->reason, hb->reason);
                if (head_of(kept)->result == HERD_ONGOING)
                    same_listing(rules, kept, behind);
                checked++;
            }
        }
        herd_free(g);
    }
    assert_true(checked > 400); /* every pair of first moves of the three games */
}

/* What the searches count as going back (herd_rules.repeats): exactly the
 * move that returns the horse the side moved last to the cell it left. */
static void straight_back_is_what_the_searches_count_as_a_repeat(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=4");
    herd_move last[2] = {0, 0};
    int backs = 0;
    herd_status st;
    for (int ply = 0; ply < 60 && herd_get_status(g, &st) == HERD_OK && st.result == HERD_ONGOING;
         ply++) {
        herd_move moves[HERD_HORSES_MAX_MOVES], back = 0;
        size_t n;
        int side = st.side;
        assert_int_equal(herd_legal_moves(g, moves, HERD_HORSES_MAX_MOVES, &n), HERD_OK);
        if (last[side]) {
            herd_cell a, b;
            herd_horses_move_cells(last[side], &a, &b);
            back = herd_horses_move(b, a);
        }
        const void *st = herdi_game_state(g, HERD_HORSES);
        const herd_rules *rules = herdi_rules_of(herd_game_desc_find("horses"));
        for (size_t i = 0; i < n; i++) {
            assert_int_equal(rules->repeats(st, moves[i]), back && moves[i] == back);
            backs += back && moves[i] == back;
        }
        herd_move m = moves[ply % n];
        assert_int_equal(herd_apply(g, m), HERD_OK);
        last[side] = m;
    }
    assert_true(backs > 10); /* going back was legal often enough to be tried */
    herd_free(g);
}

/* The page's Hint (expert) followed as green against club from seed 5 went
 * round a cycle of 60 actions for ever (the position came up 27 times by
 * action 800): the searches now avoid positions the game has stood in, and
 * the game ends. */
static void following_experts_hint_against_club_wins(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=5");
    herd_status st;
    int ply = 0;
    for (; ply < 400 && herd_get_status(g, &st) == HERD_OK && st.result == HERD_ONGOING; ply++) {
        herd_move m;
        if (st.side == 0) {
            assert_int_equal(herd_hint(g, 4, &m), HERD_OK);
            assert_int_equal(herd_apply(g, m), HERD_OK);
        } else {
            assert_int_equal(herd_play_genmove(g, 3, &m), HERD_OK);
        }
    }
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    if (st.result == HERD_ONGOING)
        fail_msg("still going after %d actions", ply);
    assert_int_equal(st.result, HERD_WIN);
    assert_int_equal(st.side, 0); /* green, following the hint, won */
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(horse_cannot_jump_off_the_board),
        cmocka_unit_test(following_experts_hint_against_club_wins),
        cmocka_unit_test(horse_cannot_land_on_an_occupied_cell),
        cmocka_unit_test(horse_cannot_split_herd),
        cmocka_unit_test(cannot_move_the_opponents_horse_or_an_empty_cell),
        cmocka_unit_test(move_must_be_a_knight_jump),
        cmocka_unit_test(every_jump_is_played_or_refused_as_the_rules_say),
        cmocka_unit_test(herd_stays_together_in_random_games),
        cmocka_unit_test(legal_moves_come_in_the_brute_forces_order),
        cmocka_unit_test(green_wins_on_the_bottom_right_corner),
        cmocka_unit_test(red_wins_on_a1),
        cmocka_unit_test(a_position_on_the_target_corner_is_an_ended_game),
        cmocka_unit_test(side_without_moves_loses),
        cmocka_unit_test(move_that_leaves_the_opponent_without_moves_ends_the_game),
        cmocka_unit_test(opponents_horse_one_may_keep_its_corner),
        cmocka_unit_test(start_placement_keeps_every_rule_for_every_size),
        cmocka_unit_test(start_placement_keeps_every_rule_over_thousands_of_seeds),
        cmocka_unit_test(start_placement_is_deterministic_and_depends_on_the_seed),
        cmocka_unit_test(computer_never_plays_straight_back_while_another_move_exists),
        cmocka_unit_test(computer_plays_straight_back_when_nothing_else_is_legal),
        cmocka_unit_test(computer_picks_a_horse_uniformly_then_one_of_its_moves),
        cmocka_unit_test(perft_matches_the_simple_generator),
        cmocka_unit_test(perft_from_seeds_is_the_same_on_every_machine),
        cmocka_unit_test(position_text_round_trips_in_random_positions),
        cmocka_unit_test(apply_then_undo_restores_every_position),
        cmocka_unit_test(connection_lines_are_the_knight_links),
        cmocka_unit_test(progress_is_the_knight_distance_to_the_target),
        cmocka_unit_test(log_line_names_the_side_the_horse_and_the_cells),
        cmocka_unit_test(history_line_is_the_log_line_of_each_entry),
        cmocka_unit_test(show_draws_horse_ten_as_digit_zero),
        cmocka_unit_test(straight_back_is_what_the_searches_count_as_a_repeat),
        cmocka_unit_test(a_shape_left_behind_by_perfts_moves_reads_as_one_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
