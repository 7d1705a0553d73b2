/* Fox and Geese (`fox`): every rule of docs/fox.md, the texts of the
 * protocol and perft numbers, checked against a small independent model
 * written here from the rules alone (the cross as a predicate, a jump chain
 * played hop by hop), and the bound on actions found by an exhaustive
 * search of the test's own. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "herd/fox.h"
#include "herd/herd.h"
#include "games/fox/fox_solve.h"
#include "test_util.h"

/* ---------------------------------------------------------- the model */

static int on(int r, int c)
{
    return r >= 0 && r < 7 && c >= 0 && c < 7 && ((r >= 2 && r <= 4) || (c >= 2 && c <= 4));
}

typedef struct model {
    int fox_r, fox_c, side, sideways, chain;
    int goose[7][7];
} model;

static const int dr[8] = {-1, -1, 0, 1, 1, 1, 0, -1}, dc[8] = {0, 1, 1, 1, 0, -1, -1, -1};

static int empty(const model *m, int r, int c)
{
    return on(r, c) && !m->goose[r][c] && !(r == m->fox_r && c == m->fox_c);
}

static int geese(const model *m)
{
    int n = 0;
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++)
            n += m->goose[r][c];
    return n;
}

static void name(char *buf, int r, int c)
{
    buf[0] = (char)('a' + r);
    buf[1] = (char)('1' + c);
    buf[2] = '\0';
}

/* The fox's jumps from where it stands, as texts (texts may be NULL). */
static int model_jumps(const model *m, char texts[][8], int n)
{
    for (int d = 0; d < 8; d++) {
        int or_ = m->fox_r + dr[d], oc = m->fox_c + dc[d];
        int tr = m->fox_r + 2 * dr[d], tc = m->fox_c + 2 * dc[d];
        if (!on(or_, oc) || !m->goose[or_][oc] || !empty(m, tr, tc))
            continue;
        if (texts) {
            name(texts[n], m->fox_r, m->fox_c);
            texts[n][2] = '-';
            name(texts[n] + 3, tr, tc);
        }
        n++;
    }
    return n;
}

/* Every action of the side to move as text (texts may be NULL). */
static int model_actions(const model *m, char texts[][8])
{
    int n = 0;
    if (m->side == 0) {
        if (m->chain) {
            n = model_jumps(m, texts, 0);
            if (texts)
                strcpy(texts[n], "stop");
            return n + 1;
        }
        for (int d = 0; d < 8; d++)
            if (empty(m, m->fox_r + dr[d], m->fox_c + dc[d])) {
                if (texts) {
                    name(texts[n], m->fox_r, m->fox_c);
                    texts[n][2] = '-';
                    name(texts[n] + 3, m->fox_r + dr[d], m->fox_c + dc[d]);
                }
                n++;
            }
        return model_jumps(m, texts, n);
    }
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++) {
            if (!m->goose[r][c])
                continue;
            for (int d = 0; d < 8; d++) {
                int up = dr[d] == -1, side = dr[d] == 0 && m->sideways;
                if ((up || side) && empty(m, r + dr[d], c + dc[d])) {
                    if (texts) {
                        name(texts[n], r, c);
                        texts[n][2] = '-';
                        name(texts[n] + 3, r + dr[d], c + dc[d]);
                    }
                    n++;
                }
            }
        }
    return n;
}

static int model_over(const model *m)
{
    return geese(m) < 4 || model_actions(m, NULL) == 0;
}

/* Plays an action text the model listed: a jump takes the goose it passes
 * over, and the fox keeps the turn, in a chain, when it can jump again and
 * at least four geese are left. */
static void model_play(model *m, const char *text)
{
    if (strcmp(text, "stop") == 0) {
        m->chain = 0;
        m->side = 1;
        return;
    }
    int r = text[0] - 'a', c = text[1] - '1', tr = text[3] - 'a', tc = text[4] - '1';
    if (m->side == 1) {
        m->goose[r][c] = 0;
        m->goose[tr][tc] = 1;
        m->side = 0;
        return;
    }
    int jump = abs(tr - r) == 2 || abs(tc - c) == 2;
    if (jump)
        m->goose[(r + tr) / 2][(c + tc) / 2] = 0;
    m->fox_r = tr;
    m->fox_c = tc;
    m->chain = jump && geese(m) >= 4 && model_jumps(m, NULL, 0) > 0;
    m->side = m->chain ? 0 : 1;
}

static char scratch[16][64][8];

static uint64_t model_perft(const model *m, int depth)
{
    if (depth == 0)
        return 1;
    if (model_over(m))
        return 0;
    int n = model_actions(m, scratch[depth]);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        model c = *m;
        model_play(&c, scratch[depth][i]);
        total += model_perft(&c, depth - 1);
    }
    return total;
}

/* The fox's whole turns from here: every sequence of its actions up to the
 * one that passes the turn (or ends the game). */
static uint64_t model_turns(const model *m)
{
    char texts[64][8];
    int n = model_actions(m, texts);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        model c = *m;
        model_play(&c, texts[i]);
        total += c.side == 0 && geese(&c) >= 4 ? model_turns(&c) : 1;
    }
    return total;
}

/* The model of a position text (the test's own reader). */
static model model_from(const char *text)
{
    model m;
    memset(&m, 0, sizeof m);
    m.side = strncmp(text, "fox turn=geese", 14) == 0;
    const char *p = strstr(text, "chain=");
    m.chain = p[6] == '1';
    p = strstr(text, "sideways=");
    m.sideways = p[9] == '1';
    p = strstr(text, " fox=");
    m.fox_r = p[5] - 'a';
    m.fox_c = p[6] - '1';
    p = strstr(text, "geese=") + 6;
    while (*p >= 'a' && *p <= 'g') {
        m.goose[p[0] - 'a'][p[1] - '1'] = 1;
        p += 2;
        if (*p == ',')
            p++;
    }
    return m;
}

/* ------------------------------------------------------------ helpers */

/* A fox game at a position text (NULL: the start). */
static herd_game *game_at(const char *text)
{
    return game_of("fox", text);
}

static model model_of(const herd_game *g)
{
    char text[HERD_MAX_POSITION_TEXT];
    size_t len;
    assert_int_equal(herd_position_to_text(g, text, sizeof text, &len), HERD_OK);
    return model_from(text);
}

/* The library's actions, as sorted texts, equal the model's. */
static void expect_actions_match(const herd_game *g)
{
    herd_move moves[HERD_FOX_MAX_MOVES];
    char lib[HERD_FOX_MAX_MOVES][8], mine[64][8];
    size_t n, len;
    model m = model_of(g);
    herd_status st;
    herd_get_status(g, &st);
    int k = st.result == HERD_ONGOING ? model_actions(&m, mine) : 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_FOX_MAX_MOVES, &n), HERD_OK);
    if ((int)n != k)
        fail_msg("library %zu actions, model %d", n, k);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(herd_move_to_text(g, moves[i], lib[i], sizeof lib[i], &len), HERD_OK);
    qsort(lib, n, sizeof lib[0], by_text);
    qsort(mine, n, sizeof mine[0], by_text);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(lib[i], mine[i]);
}

static int in_chain(const herd_game *g)
{
    int chain = -1;
    assert_int_equal(herd_fox_in_chain(g, &chain), HERD_OK);
    return chain;
}

/* -------------------------------------------------------------- tests */

/* The board's table of jumps (which numbers the action space's jumps) is
 * where two lines in a row leave, and nowhere else. */
static void fox_board_jumps_are_two_lines_in_a_row(void **state)
{
    (void)state;
    const hunt_board *b = fox_board();
    int jumps = 0;
    for (int p = 0; p < b->points; p++)
        for (int d = 0; d < HUNT_DIRS; d++) {
            int two_lines = herdi_hunt_jumped(b, p, d) >= 0;
            assert_int_equal(!!(b->jumps[p] & HUNT_BIT(d)), two_lines);
            jumps += two_lines;
        }
    assert_int_equal(jumps, 136); /* docs/fox.md: the 136 jumps of the action space */
}

/* The generator's tables, which the compiler writes from the cross's
 * macros, against the geometry here: each point's neighbour in each
 * direction, its neighbours by group of directions, its cell code. */
static void fox_board_tables_are_the_geometry(void **state)
{
    (void)state;
    const hunt_board *b = fox_board();
    static const unsigned group[HUNT_GROUPS] = {HUNT_UP, HUNT_SIDEWAYS, HUNT_DOWN};
    for (int p = 0; p < b->points; p++) {
        int r = b->cell[p].row, c = b->cell[p].col;
        hunt_set near[HUNT_GROUPS] = {0};
        for (int d = 0; d < HUNT_DIRS; d++) {
            int q = -1;
            for (int k = 0; k < b->points; k++)
                if (b->cell[k].row == r + dr[d] && b->cell[k].col == c + dc[d])
                    q = k;
            assert_int_equal(herdi_hunt_next(b, p, d), q);
            for (int g = 0; g < HUNT_GROUPS; g++)
                if (q >= 0 && group[g] >> d & 1)
                    near[g] |= (hunt_set)1 << q;
        }
        for (int g = 0; g < HUNT_GROUPS; g++)
            assert_true(b->near[p][g] == near[g]);
        assert_int_equal(b->code[p], r * 8 + c);
        assert_int_equal(herdi_hunt_point_at(b, r, c), p);
    }
}

static void fox_board_joins_every_two_neighbours(void **state)
{
    (void)state;
    int count = 0;
    for (int i = 0; i < HERD_FOX_LINES; i++) {
        herd_cell a, b;
        assert_int_equal(herd_fox_line(i, &a, &b), HERD_OK);
        assert_true(on(a.row, a.col) && on(b.row, b.col));
        assert_true(abs(a.row - b.row) <= 1 && abs(a.col - b.col) <= 1);
        assert_false(a.row == b.row && a.col == b.col);
        for (int j = 0; j < i; j++) { /* no line twice */
            herd_cell x, y;
            herd_fox_line(j, &x, &y);
            assert_false(x.row == a.row && x.col == a.col && y.row == b.row && y.col == b.col);
        }
        count++;
    }
    int pairs = 0;
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++)
            for (int d = 2; d <= 5; d++) /* east, south-east, south, south-west */
                pairs += on(r, c) && on(r + dr[d], c + dc[d]);
    assert_int_equal(count, pairs);
    /* Some by name: arms, bars, diagonals at the inner corners. */
    static const char *const named[] = {"a3-a4", "a3-b4", "b3-c2", "c1-d2", "c2-b3",
                                        "d4-e5", "e6-f5", "f3-g4", "g4-g5", "e2-f3"};
    for (size_t k = 0; k < sizeof named / sizeof *named; k++) {
        int found = 0;
        for (int i = 0; i < HERD_FOX_LINES; i++) {
            herd_cell x, y;
            char t1[64], t2[64];
            herd_fox_line(i, &x, &y);
            snprintf(t1, sizeof t1, "%c%d-%c%d", 'a' + x.row, x.col + 1, 'a' + y.row, y.col + 1);
            snprintf(t2, sizeof t2, "%c%d-%c%d", 'a' + y.row, y.col + 1, 'a' + x.row, x.col + 1);
            found |= strcmp(t1, named[k]) == 0 || strcmp(t2, named[k]) == 0;
        }
        if (!found)
            fail_msg("line %s missing", named[k]);
    }
    herd_cell a, b;
    assert_int_equal(herd_fox_line(HERD_FOX_LINES, &a, &b), HERD_E_ARG);
    int points = 0;
    for (int i = 0; i < HERD_FOX_POINTS; i++) {
        assert_int_equal(herd_fox_point(i, &a), HERD_OK);
        assert_true(on(a.row, a.col));
        points++;
    }
    assert_int_equal(points, 33);
    /* The fox steps along every line from d4, c3, a3 and e7, and only there;
     * a text two points away in a line is a jump, which finds no goose. */
    static const char *const from[] = {"d4", "c3", "a3", "e7"};
    for (size_t k = 0; k < 4; k++)
        for (int r = 0; r < 7; r++)
            for (int c = 0; c < 7; c++) {
                if (!on(r, c))
                    continue;
                char text[96], move[16];
                snprintf(text, sizeof text,
                         "fox turn=fox chain=0 sideways=0 fox=%s geese=g3,g4,g5,f4", from[k]);
                herd_game *g = game_at(text);
                snprintf(move, sizeof move, "%s-%c%d", from[k], 'a' + r, c + 1);
                int fr = from[k][0] - 'a', fc = from[k][1] - '1';
                int near = abs(fr - r) <= 1 && abs(fc - c) <= 1 && !(fr == r && fc == c);
                int occupied = (r == 6 && c >= 2 && c <= 4) || (r == 5 && c == 3);
                int rc = play_text(g, move);
                if ((rc == HERD_OK) != (near && !occupied))
                    fail_msg("%s: %d %s", move, rc, herd_last_error(g));
                herd_free(g);
            }
}

static void start_and_options(void **state)
{
    (void)state;
    static const struct {
        const char *options, *text;
    } cases[] = {
        {"", "fox turn=fox chain=0 sideways=0 fox=d4 "
             "geese=e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5"},
        {"geese=15", "fox turn=fox chain=0 sideways=0 fox=d4 "
                     "geese=d1,d7,e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5"},
        {"geese=17 sideways=1 seed=9", "fox turn=fox chain=0 sideways=1 fox=d4 "
                                       "geese=c1,c7,d1,d7,e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5"},
    };
    for (size_t i = 0; i < 3; i++) {
        herd_game *g;
        herd_error err;
        assert_int_equal(herd_new("fox", cases[i].options, NULL, NULL, &g, &err), HERD_OK);
        expect_position(g, cases[i].text);
        assert_int_equal(in_chain(g), 0);
        herd_free(g);
    }
    herd_game *g;
    herd_error err;
    assert_int_equal(herd_new("fox", "geese=14", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_int_equal(herd_new("fox", "sideways=2", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_int_equal(herd_new("fox", "seed=-1", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_int_equal(herd_new("fox", "geese=-13", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_string_equal(err.message, "geese=-13 is not 13, 15 or 17");
    assert_int_equal(herd_new("fox", "seed=18446744073709551616", NULL, NULL, &g, &err),
                     HERD_E_RANGE);
    herd_fox_options o;
    herd_fox_options_init(&o, HERD_FOX_OPTIONS_VERSION);
    assert_int_equal(o.geese, 13);
    assert_int_equal(o.sideways, 0);
    assert_true(o.seed == 0);
    o.geese = 17;
    o.sideways = 1;
    assert_int_equal(herd_fox_new(&o, NULL, NULL, &g, &err), HERD_OK);
    int n, sw;
    herd_fox_geese_left(g, &n);
    herd_fox_sideways(g, &sw);
    assert_int_equal(n, 17);
    assert_int_equal(sw, 1);
    herd_free(g);
}

/* d4 over d5 to d6, over e5 to f4, over e3 to d2: a chain of three hops.
 * After each of the first two the fox can jump again, so it keeps the turn
 * in a chain; after the third it cannot, and the turn passes at once. */
#define THREE_HOPS "fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,a5,c6,d5,e3,e5"

static void chain_of_three_hops_with_each_stopping_point(void **state)
{
    (void)state;
    static const char *const hop[] = {"d4-d6", "d6-f4", "f4-d2"};
    static const char *const after[] = {
        "fox turn=fox chain=1 sideways=0 fox=d6 geese=a3,a4,a5,c6,e3,e5",
        "fox turn=fox chain=1 sideways=0 fox=f4 geese=a3,a4,a5,c6,e3",
        "fox turn=geese chain=0 sideways=0 fox=d2 geese=a3,a4,a5,c6",
    };
    static const char *const stopped[] = {
        "fox turn=geese chain=0 sideways=0 fox=d6 geese=a3,a4,a5,c6,e3,e5",
        "fox turn=geese chain=0 sideways=0 fox=f4 geese=a3,a4,a5,c6,e3",
    };
    for (int stop_after = 1; stop_after <= 3; stop_after++) {
        herd_game *g = game_at(THREE_HOPS);
        expect_actions_match(g);
        for (int i = 0; i < stop_after; i++) {
            assert_int_equal(play_text(g, hop[i]), HERD_OK);
            expect_position(g, after[i]);
            expect_actions_match(g);
            check_status(g, HERD_ONGOING, i < 2 ? HERD_FOX_FOX : HERD_FOX_GEESE, HERD_REASON_NONE);
            assert_int_equal(in_chain(g), i < 2);
        }
        if (stop_after < 3) {
            assert_int_equal(play_text(g, "stop"), HERD_OK);
            expect_position(g, stopped[stop_after - 1]);
            assert_int_equal(in_chain(g), 0);
            check_status(g, HERD_ONGOING, HERD_FOX_GEESE, HERD_REASON_NONE);
        } else {
            assert_int_equal(play_text(g, "stop"), HERD_E_ILLEGAL); /* the turn has passed */
        }
        herd_free(g);
    }
}

static void chain_flag_and_stop_in_every_state(void **state)
{
    (void)state;
    herd_game *g = game_at(THREE_HOPS);
    snapshot before;
    /* Not in a chain: stop is no action, and the fox may step. */
    snap_take(&before, g);
    assert_int_equal(play_text(g, "stop"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "stop ends a jump chain, and the fox is in none");
    snap_check(&before, g);
    assert_false(herd_is_legal(g, herd_fox_stop()));
    /* In a chain: no step, no jump of another piece, no jump over nothing;
     * the further jump and stop are the only actions. */
    assert_int_equal(play_text(g, "d4-d6"), HERD_OK);
    assert_true(herd_is_legal(g, herd_fox_stop()));
    snap_take(&before, g);
    assert_int_equal(play_text(g, "d6-d7"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g),
                        "the fox is in a jump chain: it may only jump on from d6 or stop");
    assert_int_equal(play_text(g, "d6-d4"), HERD_E_ILLEGAL); /* d5's goose is gone */
    assert_string_equal(herd_last_error(g), "d6-d4 jumps over no goose");
    assert_int_equal(play_text(g, "d4-f4"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "d4 has no fox");
    assert_int_equal(play_text(g, "e5-d5"), HERD_E_ILLEGAL);
    snap_check(&before, g);
    /* After a step the geese are to move: stop is theirs no more than a jump. */
    herd_free(g);
    g = game_at(THREE_HOPS);
    assert_int_equal(play_text(g, "d4-c4"), HERD_OK);
    assert_int_equal(in_chain(g), 0);
    snap_take(&before, g);
    assert_int_equal(play_text(g, "stop"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "stop is the fox's, and the geese are to move");
    assert_int_equal(play_text(g, "e5-c5"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "geese never jump");
    snap_check(&before, g);
    assert_int_equal(play_text(g, "e5-d4"), HERD_OK);
    assert_int_equal(in_chain(g), 0);
    herd_free(g);
    /* The typed builders: a jump is one hop two cells away in a line. */
    herd_cell d4 = {3, 3}, d6 = {3, 5}, f6 = {5, 5}, d5 = {3, 4};
    assert_true(herd_fox_jump(d4, d6) != 0);
    assert_true(herd_fox_jump(d4, f6) != 0); /* diagonal: a jump, though f6 is no point */
    assert_true(herd_fox_jump(d4, d5) == 0);
    assert_true(herd_fox_jump(d4, d6) != herd_fox_step(d4, d6));
    g = game_at(THREE_HOPS);
    assert_int_equal(herd_apply(g, herd_fox_jump(d4, d6)), HERD_OK);
    assert_int_equal(herd_apply(g, herd_fox_stop()), HERD_OK);
    assert_int_equal(herd_fox_in_chain(NULL, &(int){0}), HERD_E_ARG);
    herd_free(g);
}

static void a_capture_that_ends_the_game_ends_the_chain(void **state)
{
    (void)state;
    /* Four geese: the first hop leaves three, so the fox has won at once,
     * though d6-f4 over e5 would be a further jump. */
    herd_game *g = game_at("fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,d5,e5");
    assert_int_equal(play_text(g, "d4-d6"), HERD_OK);
    check_status(g, HERD_WIN, HERD_FOX_FOX, HERD_REASON_CAPTURED);
    expect_position(g, "fox turn=geese chain=0 sideways=0 fox=d6 geese=a3,a4,e5");
    assert_int_equal(in_chain(g), 0);
    expect_actions_match(g);
    herd_free(g);
    /* The same mid-chain: five geese, the second hop takes the fourth. */
    g = game_at("fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,d5,e5,e3");
    assert_int_equal(play_text(g, "d4-d6"), HERD_OK);
    assert_int_equal(in_chain(g), 1);
    assert_int_equal(play_text(g, "d6-f4"), HERD_OK);
    check_status(g, HERD_WIN, HERD_FOX_FOX, HERD_REASON_CAPTURED);
    assert_int_equal(in_chain(g), 0);
    herd_free(g);
}

static void undo_takes_back_a_hop_and_undo_turn_the_whole_turn(void **state)
{
    (void)state;
    herd_game *g = game_at(THREE_HOPS);
    assert_int_equal(play_text(g, "d4-d6"), HERD_OK);
    assert_int_equal(play_text(g, "d6-f4"), HERD_OK);
    assert_int_equal(herd_undo(g), HERD_OK); /* one hop */
    expect_position(g, "fox turn=fox chain=1 sideways=0 fox=d6 geese=a3,a4,a5,c6,e3,e5");
    assert_int_equal(play_text(g, "d6-f4"), HERD_OK);
    assert_int_equal(play_text(g, "stop"), HERD_OK);
    assert_int_equal(play_text(g, "a3-a2"), HERD_E_PARSE);   /* no such point */
    assert_int_equal(play_text(g, "c6-c5"), HERD_E_ILLEGAL); /* sideways, option off */
    assert_int_equal(play_text(g, "e3-e2"), HERD_E_ILLEGAL); /* sideways, option off */
    assert_int_equal(play_text(g, "e3-d2"), HERD_OK);
    /* The geese's reply and every hop of the fox's turn. */
    assert_int_equal(herd_undo_turn(g, HERD_FOX_FOX), HERD_OK);
    expect_position(g, THREE_HOPS);
    assert_int_equal(herd_history_length(g), 0);
    /* Within the turn itself, undo_turn goes back to its first hop. */
    assert_int_equal(play_text(g, "d4-d6"), HERD_OK);
    assert_int_equal(play_text(g, "d6-f4"), HERD_OK);
    assert_int_equal(herd_undo_turn(g, HERD_FOX_FOX), HERD_OK);
    expect_position(g, THREE_HOPS);
    herd_free(g);
}

static void ends_captured_no_moves_trapped(void **state)
{
    (void)state;
    /* Geese that cannot move lose: all on the top arm with the fox below. */
    herd_game *g = game_at("fox turn=fox chain=0 sideways=0 fox=c4 geese=a3,a4,a5,b3,b5");
    assert_int_equal(play_text(g, "c4-b4"), HERD_OK);
    check_status(g, HERD_WIN, HERD_FOX_FOX, HERD_REASON_NO_MOVES);
    herd_free(g);
    /* The fox trapped in a corner of an arm. */
    g = game_at("fox turn=geese chain=0 sideways=0 fox=a3 geese=a4,b3,b4,c3,c5,b5,d4");
    assert_int_equal(play_text(g, "c5-a5"), HERD_E_ILLEGAL);
    assert_int_equal(play_text(g, "b5-a5"), HERD_OK);
    check_status(g, HERD_WIN, HERD_FOX_GEESE, HERD_REASON_TRAPPED);
    herd_free(g);
    /* Never trapped in a chain: a fox that can only go on by jumping is not
     * stuck, since it may stop. Here d2's only way out is the jump. */
    g = game_at("fox turn=fox chain=1 sideways=0 fox=d2 geese=c1,c2,c3,d1,d3,e1,e2,e3,d4");
    check_status(g, HERD_ONGOING, HERD_FOX_FOX, HERD_REASON_NONE);
    expect_actions_match(g);
    herd_free(g);
    /* Captured: a position with three geese is an ended game. */
    g = game_at("fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,a5");
    check_status(g, HERD_WIN, HERD_FOX_FOX, HERD_REASON_CAPTURED);
    herd_free(g);
}

static void geese_move_up_and_sideways_only_with_the_option(void **state)
{
    (void)state;
    herd_game *g = game_at("fox turn=geese chain=0 sideways=0 fox=a3 geese=d4,e1,e2,g4");
    expect_actions_match(g);
    assert_int_equal(play_text(g, "d4-e4"), HERD_E_ILLEGAL); /* down */
    assert_int_equal(play_text(g, "d4-d5"), HERD_E_ILLEGAL); /* sideways, option off */
    assert_non_null(strstr(herd_last_error(g), "only up or diagonally up"));
    assert_int_equal(play_text(g, "d4-c5"), HERD_OK);
    herd_free(g);
    g = game_at("fox turn=geese chain=0 sideways=1 fox=a3 geese=d4,e1,e2,g4");
    expect_actions_match(g);
    assert_int_equal(play_text(g, "d4-e4"), HERD_E_ILLEGAL);
    assert_int_equal(play_text(g, "d4-d5"), HERD_OK);
    herd_free(g);
}

static void texts_that_are_no_action_are_refused(void **state)
{
    (void)state;
    herd_game *g = game_at("fox turn=fox chain=0 sideways=0 fox=d2 geese=d1,d3,d4,e5,e6,f3,f4");
    expect_actions_match(g);
    assert_int_equal(play_text(g, "d2-d0"), HERD_E_PARSE);   /* no such point */
    assert_int_equal(play_text(g, "d2-d4"), HERD_E_ILLEGAL); /* d4 holds a goose */
    assert_int_equal(play_text(g, "d2-b2"), HERD_E_PARSE);   /* b2 is no point */
    assert_int_equal(play_text(g, "d2-f2"), HERD_E_PARSE);
    herd_cell d2 = {3, 1}, dm = {3, -1};
    assert_true(herd_fox_jump(d2, dm) == 0); /* off the grid */
    herd_free(g);
    g = game_at("fox turn=fox chain=0 sideways=0 fox=c3 geese=d4,e5,e6,f3,f4,g3");
    assert_int_equal(play_text(g, "c3-c5"), HERD_E_ILLEGAL); /* over an empty c4 */
    assert_string_equal(herd_last_error(g), "c3-c5 jumps over no goose");
    assert_int_equal(play_text(g, "c3-e5"), HERD_E_ILLEGAL); /* e5 is occupied */
    assert_int_equal(play_text(g, "a3-c3"), HERD_E_ILLEGAL); /* no fox there */
    herd_free(g);
    g = game_at(NULL);
    snapshot before;
    snap_take(&before, g);
    assert_int_equal(play_text(g, "d4-d6-f6"), HERD_E_PARSE); /* a chain in one text */
    assert_string_equal(herd_last_error(g),
                        "one hop at a time: a chain is played as jumps FROM-TO, then stop");
    assert_int_equal(play_text(g, "d4-"), HERD_E_PARSE);
    assert_non_null(strstr(herd_last_error(g), "expected a step or a jump FROM-TO"));
    assert_int_equal(play_text(g, "stop "), HERD_E_PARSE);
    assert_int_equal(play_text(g, "d4-a1"), HERD_E_PARSE);
    assert_non_null(strstr(herd_last_error(g), "a1"));
    assert_int_equal(play_text(g, "d4-e4"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "e4 is occupied");
    snap_check(&before, g);
    /* A step between points no line joins has no text: the text d4-d6 is
     * the jump, another action. */
    char text[16];
    size_t len;
    herd_cell d4 = {3, 3}, d6 = {3, 5}, c2 = {2, 1};
    assert_int_equal(herd_move_to_text(g, herd_fox_step(d4, d6), text, sizeof text, &len),
                     HERD_E_ARG);
    assert_int_equal(herd_move_to_text(g, herd_fox_step(d4, c2), text, sizeof text, &len),
                     HERD_E_ARG);
    assert_int_equal(herd_move_to_text(g, herd_fox_jump(d4, d6), text, sizeof text, &len), HERD_OK);
    assert_string_equal(text, "d4-d6");
    assert_int_equal(herd_move_to_text(g, herd_fox_stop(), text, sizeof text, &len), HERD_OK);
    assert_string_equal(text, "stop");
    herd_free(g);
    g = game_at("fox turn=fox chain=0 sideways=0 fox=c1 geese=d2,e3,a3,a4,a5");
    assert_int_equal(play_text(g, "c1-e3"), HERD_E_ILLEGAL); /* e3 is taken */
    assert_int_equal(play_text(g, "c1-a3"), HERD_E_ILLEGAL); /* b2 is no point: no line */
    assert_string_equal(herd_last_error(g), "c1-a3 is not a jump along a line");
    herd_free(g);
}

static void positions_are_checked(void **state)
{
    (void)state;
    static const struct {
        const char *text, *part;
        int code;
    } bad[] = {
        {"fox turn=fox chain=0 sideways=0 fox=d4 geese=d4,e1,e2,e3", "d4 holds the fox",
         HERD_E_POSITION},
        {"fox turn=fox chain=0 sideways=0 fox=a1 geese=e1,e2,e3,e4", "a1 is not a point",
         HERD_E_POSITION},
        {"fox turn=fox chain=0 sideways=0 fox=d4 geese=e1,e1,e3,e4", "e1 is listed twice",
         HERD_E_POSITION},
        {"fox turn=fox chain=0 sideways=2 fox=d4 geese=e1,e2,e3,e4", "expected", HERD_E_PARSE},
        {"fox turn=fox chain=2 sideways=0 fox=d4 geese=e1,e2,e3,e4", "expected", HERD_E_PARSE},
        {"fox turn=fox sideways=0 fox=d4 geese=e1,e2,e3,e4", "expected", HERD_E_PARSE},
        {"fox turn=hare chain=0 sideways=0 fox=d4 geese=e1,e2,e3,e4", "turn must be fox or geese",
         HERD_E_PARSE},
        {"fox turn=fox chain=0 sideways=0 fox=d4 geeze=e1,e2,e3,e4", "expected", HERD_E_PARSE},
        {"fox turn=fox chain=0 sideways=0 fox=d4 geese=e1,e2,e3,e4 stall=0", "expected",
         HERD_E_PARSE},
        {"fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,a5,b3,b4,b5,c1,c2,c3,c4,c5,c6,c7,"
         "d1,d2,d3,d5,d6",
         "18 geese", HERD_E_POSITION},
        /* What no game reaches: a chain of the geese, a chain with no jump
         * to go on with, a chain after the capture that ended the game. */
        {"fox turn=geese chain=1 sideways=0 fox=d4 geese=d5,e1,e2,e3", "only the fox",
         HERD_E_POSITION},
        {"fox turn=fox chain=1 sideways=0 fox=d4 geese=e1,e2,e3,e7", "the fox on d4 has no jump",
         HERD_E_POSITION},
        {"fox turn=fox chain=1 sideways=0 fox=d4 geese=d5,e1,e2", "3 geese", HERD_E_POSITION},
    };
    herd_game *g = game_at(NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snapshot before;
        snap_take(&before, g);
        int rc = herd_position_from_text(g, bad[i].text);
        if (rc != bad[i].code || !strstr(herd_last_error(g), bad[i].part))
            fail_msg("%s: %d %s", bad[i].text, rc, herd_last_error(g));
        snap_check(&before, g);
    }
    /* A chain that can go on is a position, with the further jumps and stop. */
    assert_int_equal(
        herd_position_from_text(g, "fox turn=fox chain=1 sideways=0 fox=d4 geese=d5,e1,e2,e3"),
        HERD_OK);
    assert_int_equal(in_chain(g), 1);
    expect_actions_match(g);
    herd_free(g);
}

/* The saturated board that the old reading of the rules refused (every
 * chain and each of its prefixes one action: millions of them): hop by
 * hop it is an ordinary position, counted by perft and by whole turns. */
#define CHAIN_RICH                            \
    "fox turn=fox chain=0 sideways=0 fox=c3 " \
    "geese=a4,b3,b4,b5,c2,c4,c6,d1,d2,d3,d4,d5,d6,d7,e2,e4,e6"

/* The library's whole turns of the fox from here, through the public API. */
static uint64_t library_turns(herd_game *g)
{
    herd_move moves[HERD_FOX_MAX_MOVES];
    size_t n;
    uint64_t total = 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_FOX_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n; i++) {
        herd_status st;
        assert_int_equal(herd_apply(g, moves[i]), HERD_OK);
        herd_get_status(g, &st);
        total += st.result == HERD_ONGOING && st.side == HERD_FOX_FOX ? library_turns(g) : 1;
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    return total;
}

static void a_position_with_thousands_of_chains_is_accepted_and_counted(void **state)
{
    (void)state;
    herd_game *g = game_at(CHAIN_RICH);
    model m = model_from(CHAIN_RICH);
    expect_actions_match(g);
    for (unsigned d = 1; d <= 6; d++) {
        uint64_t n;
        assert_int_equal(herd_perft(g, d, &n), HERD_OK);
        uint64_t want = model_perft(&m, (int)d);
        if (n != want)
            fail_msg("perft %u: %llu, model %llu", d, (unsigned long long)n,
                     (unsigned long long)want);
    }
    uint64_t turns = library_turns(g), want = model_turns(&m);
    assert_true(turns == want);
    assert_true(turns > 10000); /* so many that no list of whole chains could hold them */
    herd_free(g);
}

/* The most goose moves of any placement of the fox and at most 17 geese,
 * by an exhaustive search row by row: a goose's moves up depend only on the
 * row above, its moves sideways only on its own row, so the best total for
 * the rows so far depends on the last row's points, the geese placed and
 * whether the fox is placed. Records the best placement (geese as a row
 * mask per row, the fox's point) for the library to check. */
enum { GRID = 7, MAX_GEESE = 17 };

typedef struct placement {
    int moves;
    unsigned geese[GRID]; /* bit c: a goose on column c */
    int fox_r, fox_c;
} placement;

static placement most_goose_moves(int sideways)
{
    /* best[r][mask][count][fox]: the best total after rows 0..r with row r's
     * points taken as mask; how: the previous state and this row's choice. */
    static int best[GRID][128][MAX_GEESE + 1][2];
    static struct {
        unsigned prev_mask, goose_mask;
        int prev_count, prev_fox, fox_col;
    } how[GRID][128][MAX_GEESE + 1][2];
    for (int r = 0; r < GRID; r++)
        for (int k = 0; k < 128; k++)
            for (int n = 0; n <= MAX_GEESE; n++)
                best[r][k][n][0] = best[r][k][n][1] = -1;
    unsigned points[GRID];
    for (int r = 0; r < GRID; r++) {
        points[r] = 0;
        for (int c = 0; c < GRID; c++)
            points[r] |= (unsigned)on(r, c) << c;
    }
    for (int r = 0; r < GRID; r++)
        for (unsigned prev = 0; prev < 128; prev++)
            for (int n = 0; n <= MAX_GEESE; n++)
                for (int fox = 0; fox < 2; fox++) {
                    int base = r ? best[r - 1][prev][n][fox] : (prev || n || fox ? -1 : 0);
                    if (base < 0)
                        continue;
                    for (unsigned gm = 0; gm < 128; gm++) {
                        if ((gm & ~points[r]) || n + __builtin_popcount(gm) > MAX_GEESE)
                            continue;
                        for (int fc = -1; fc < GRID; fc++) {
                            if (fc >= 0 && (fox || !(points[r] >> fc & 1) || gm >> fc & 1))
                                continue;
                            unsigned taken = gm | (fc >= 0 ? 1u << fc : 0);
                            int v = base;
                            for (int c = 0; c < GRID; c++) {
                                if (!(gm >> c & 1))
                                    continue;
                                for (int d = -1; d <= 1; d++) /* up and diagonally up */
                                    v += r > 0 && on(r - 1, c + d) && !(prev >> (c + d) & 1);
                                for (int d = -1; sideways && d <= 1; d += 2)
                                    v += on(r, c + d) && !(taken >> (c + d) & 1);
                            }
                            int nn = n + __builtin_popcount(gm), nf = fox || fc >= 0;
                            if (v > best[r][taken][nn][nf]) {
                                best[r][taken][nn][nf] = v;
                                how[r][taken][nn][nf].prev_mask = prev;
                                how[r][taken][nn][nf].goose_mask = gm;
                                how[r][taken][nn][nf].prev_count = n;
                                how[r][taken][nn][nf].prev_fox = fox;
                                how[r][taken][nn][nf].fox_col = fc;
                            }
                        }
                    }
                }
    placement p = {-1, {0}, -1, -1};
    unsigned mask = 0;
    int count = 0;
    for (unsigned k = 0; k < 128; k++)
        for (int n = 0; n <= MAX_GEESE; n++)
            if (best[GRID - 1][k][n][1] > p.moves) {
                p.moves = best[GRID - 1][k][n][1];
                mask = k;
                count = n;
            }
    int fox = 1;
    for (int r = GRID - 1; r >= 0; r--) {
        p.geese[r] = how[r][mask][count][fox].goose_mask;
        if (how[r][mask][count][fox].fox_col >= 0) {
            p.fox_r = r;
            p.fox_c = how[r][mask][count][fox].fox_col;
        }
        unsigned prev = how[r][mask][count][fox].prev_mask;
        int pc = how[r][mask][count][fox].prev_count, pf = how[r][mask][count][fox].prev_fox;
        mask = prev;
        count = pc;
        fox = pf;
    }
    return p;
}

static void the_bound_is_the_rules_own_maximum(void **state)
{
    (void)state;
    int most = 0;
    for (int sideways = 0; sideways <= 1; sideways++) {
        placement p = most_goose_moves(sideways);
        char text[HERD_MAX_POSITION_TEXT];
        int len = snprintf(text, sizeof text,
                           "fox turn=geese chain=0 sideways=%d fox=%c%d geese=", sideways,
                           'a' + p.fox_r, p.fox_c + 1);
        int n = 0;
        for (int r = 0; r < GRID; r++)
            for (int c = 0; c < GRID; c++)
                if (p.geese[r] >> c & 1)
                    len += snprintf(text + len, sizeof text - (size_t)len, "%s%c%d", n++ ? "," : "",
                                    'a' + r, c + 1);
        /* The worst placement lists exactly that many actions. */
        herd_game *g = game_at(text);
        size_t count;
        assert_int_equal(herd_legal_moves(g, NULL, 0, &count), HERD_E_BUFFER);
        if ((int)count != p.moves)
            fail_msg("%s: %zu actions, the search found %d", text, count, p.moves);
        expect_actions_match(g);
        herd_free(g);
        if (p.moves > most)
            most = p.moves;
    }
    /* The fox: one step or one jump a direction, all eight steps from d4;
     * in a chain at most seven jumps (its way back is empty) and stop. */
    herd_game *g = game_at("fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,a5,c6");
    size_t count;
    assert_int_equal(herd_legal_moves(g, NULL, 0, &count), HERD_E_BUFFER);
    assert_int_equal(count, 8);
    herd_free(g);
    if (most < 8)
        most = 8;
    assert_int_equal(HERD_FOX_MAX_MOVES, most);
}

static const char *const perft_positions[] = {
    "fox turn=fox chain=0 sideways=0 fox=d4 geese=e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5",
    "fox turn=geese chain=0 sideways=1 fox=c4 geese=c2,d3,d5,d6,e1,e4,e7,f3,f5,g4",
    "fox turn=fox chain=0 sideways=0 fox=c3 geese=b4,c4,d2,d3,d4,e5,f4,f5,g3",
    "fox turn=fox chain=1 sideways=1 fox=d6 geese=a3,a4,a5,b3,e3,e5,e6,d3,c4",
};

static void perft_matches_the_model(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof perft_positions / sizeof *perft_positions; i++) {
        herd_game *g = game_at(perft_positions[i]);
        model m = model_from(perft_positions[i]);
        for (unsigned d = 1; d <= 4; d++) {
            uint64_t n;
            assert_int_equal(herd_perft(g, d, &n), HERD_OK);
            uint64_t want = model_perft(&m, (int)d);
            if (n != want)
                fail_msg("perft %u of %s: %llu, model %llu", d, perft_positions[i],
                         (unsigned long long)n, (unsigned long long)want);
        }
        herd_free(g);
    }
}

/* Random games, by the computer and by uniformly random actions (which
 * stop chains anywhere): after every action the actions, the chain flag and
 * the end agree with the model. */
static void random_games_agree_with_the_model(void **state)
{
    (void)state;
    static const char *const options[] = {
        "", "geese=15", "geese=17", "sideways=1", "geese=15 sideways=1", "geese=17 sideways=1"};
    uint64_t x = 0x9E3779B97F4A7C15u;
    int chains = 0;
    for (int game = 0; game < 120; game++) {
        herd_game *g;
        herd_error err;
        char opts[64];
        snprintf(opts, sizeof opts, "%s seed=%d", options[game % 6], game);
        assert_int_equal(herd_new("fox", opts, NULL, NULL, &g, &err), HERD_OK);
        for (int ply = 0; ply < 300; ply++) {
            herd_status st;
            expect_actions_match(g);
            model m = model_of(g);
            herd_get_status(g, &st);
            assert_int_equal(st.result != HERD_ONGOING, model_over(&m));
            assert_int_equal(in_chain(g), m.chain);
            chains += m.chain;
            if (st.result != HERD_ONGOING)
                break;
            if (game % 2) {
                assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
            } else {
                herd_move moves[HERD_FOX_MAX_MOVES];
                size_t n;
                herd_legal_moves(g, moves, HERD_FOX_MAX_MOVES, &n);
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                assert_int_equal(herd_apply(g, moves[x % n]), HERD_OK);
            }
        }
        herd_free(g);
    }
    assert_true(chains > 0);
}

/* Level 1 (greedy) jumps along a longest chain and never stops while it can
 * jump on: from d4 the chain over d5, e5 and e3 is three hops, the one over
 * c4 one. */
static void greedy_fox_plays_a_longest_chain_to_its_end(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 8; seed++) {
        char opts[32];
        herd_game *g;
        herd_error err;
        snprintf(opts, sizeof opts, "seed=%llu", (unsigned long long)seed);
        assert_int_equal(herd_new("fox", opts, NULL, NULL, &g, &err), HERD_OK);
        assert_int_equal(
            herd_position_from_text(
                g, "fox turn=fox chain=0 sideways=0 fox=d4 geese=a3,a4,a5,b3,c4,d5,e3,e5"),
            HERD_OK);
        static const char *const line[] = {"d4-d6", "d6-f4", "f4-d2"};
        for (int i = 0; i < 3; i++) {
            herd_move m;
            char text[16];
            size_t len;
            assert_int_equal(herd_play_genmove(g, 1, &m), HERD_OK);
            herd_move_to_text(g, m, text, sizeof text, &len);
            assert_string_equal(text, line[i]);
        }
        check_status(g, HERD_ONGOING, HERD_FOX_GEESE, HERD_REASON_NONE);
        herd_free(g);
    }
}

/* Every level chooses a legal action in a chain, and the searches see that
 * the fox keeps the turn: here only going on wins at once (the fifth
 * goose), so every searching level takes the second hop. */
static void every_level_plays_on_in_a_chain(void **state)
{
    (void)state;
    herd_game *g = game_at("fox turn=fox chain=1 sideways=0 fox=d6 geese=a3,a4,e5,e6");
    int levels = herd_max_level(g);
    for (int level = 1; level <= levels; level++) {
        herd_move m;
        assert_int_equal(herd_hint(g, level, &m), HERD_OK);
        assert_true(herd_is_legal(g, m));
        char text[16];
        size_t len;
        herd_move_to_text(g, m, text, sizeof text, &len);
        assert_string_equal(text, "d6-f4");
    }
    herd_free(g);
}

static void saved_games_keep_the_chain(void **state)
{
    (void)state;
    herd_game *g = game_at(THREE_HOPS), *h;
    herd_error err;
    char save[HERD_MAX_SAVE_TEXT];
    size_t len;
    assert_int_equal(play_text(g, "d4-d6"), HERD_OK);
    assert_int_equal(herd_save(g, save, sizeof save, &len), HERD_OK);
    assert_int_equal(herd_new_from_save(save, NULL, NULL, &h, &err), HERD_OK);
    assert_true(herd_same_position(g, h));
    assert_int_equal(in_chain(h), 1);
    assert_int_equal(play_text(h, "d6-f4"), HERD_OK);
    herd_free(h);
    herd_free(g);
}

/* The typed seed takes the full range, as the option text does (that the
 * seed decides the computer's games, every game's test_playing checks). */
static void the_typed_seed_takes_the_full_range(void **state)
{
    (void)state;
    herd_fox_options o;
    herd_game *a, *b;
    herd_error err;
    herd_fox_options_init(&o, HERD_FOX_OPTIONS_VERSION);
    o.seed = UINT64_MAX; /* the full range */
    assert_int_equal(herd_fox_new(&o, NULL, NULL, &a, &err), HERD_OK);
    assert_int_equal(herd_new("fox", "seed=18446744073709551615", NULL, NULL, &b, &err), HERD_OK);
    assert_true(herd_same_position(a, b));
    herd_free(a);
    herd_free(b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fox_board_tables_are_the_geometry),
        cmocka_unit_test(fox_board_joins_every_two_neighbours),
        cmocka_unit_test(fox_board_jumps_are_two_lines_in_a_row),
        cmocka_unit_test(start_and_options),
        cmocka_unit_test(chain_of_three_hops_with_each_stopping_point),
        cmocka_unit_test(chain_flag_and_stop_in_every_state),
        cmocka_unit_test(a_capture_that_ends_the_game_ends_the_chain),
        cmocka_unit_test(undo_takes_back_a_hop_and_undo_turn_the_whole_turn),
        cmocka_unit_test(ends_captured_no_moves_trapped),
        cmocka_unit_test(geese_move_up_and_sideways_only_with_the_option),
        cmocka_unit_test(texts_that_are_no_action_are_refused),
        cmocka_unit_test(positions_are_checked),
        cmocka_unit_test(a_position_with_thousands_of_chains_is_accepted_and_counted),
        cmocka_unit_test(the_bound_is_the_rules_own_maximum),
        cmocka_unit_test(perft_matches_the_model),
        cmocka_unit_test(random_games_agree_with_the_model),
        cmocka_unit_test(greedy_fox_plays_a_longest_chain_to_its_end),
        cmocka_unit_test(every_level_plays_on_in_a_chain),
        cmocka_unit_test(saved_games_keep_the_chain),
        cmocka_unit_test(the_typed_seed_takes_the_full_range),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
