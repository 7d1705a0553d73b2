/* Fox and Geese (`fox`): every rule of rules.md §4, the texts of
 * protocol.md and perft numbers, checked against a small independent model
 * written here from the rules alone (the cross as a predicate, chains by a
 * plain depth-first walk). */
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
#include "test_util.h"

/* ---------------------------------------------------------- the model */

static int on(int r, int c)
{
    return r >= 0 && r < 7 && c >= 0 && c < 7 && ((r >= 2 && r <= 4) || (c >= 2 && c <= 4));
}

typedef struct model {
    int fox_r, fox_c, side, sideways;
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

/* Counts (and, with texts, writes) the fox's chains from (r, c). */
static int chains(model *m, int r, int c, char *prefix, char texts[][64], int n)
{
    for (int d = 0; d < 8; d++) {
        int or_ = r + dr[d], oc = c + dc[d], tr = r + 2 * dr[d], tc = c + 2 * dc[d];
        if (!on(or_, oc) || !m->goose[or_][oc] || !empty(m, tr, tc))
            continue;
        char next[64];
        snprintf(next, sizeof next, "%s-%c%d", prefix, 'a' + tr, tc + 1);
        if (texts)
            strcpy(texts[n], next);
        n++;
        m->goose[or_][oc] = 0;
        n = chains(m, tr, tc, next, texts, n);
        m->goose[or_][oc] = 1;
    }
    return n;
}

/* Every action of the side to move as text (texts may be NULL). */
static int model_actions(model *m, char texts[][64])
{
    int n = 0;
    if (m->side == 0) {
        for (int d = 0; d < 8; d++)
            if (empty(m, m->fox_r + dr[d], m->fox_c + dc[d])) {
                if (texts)
                    snprintf(texts[n], 64, "%c%d-%c%d", 'a' + m->fox_r, m->fox_c + 1,
                             'a' + m->fox_r + dr[d], m->fox_c + dc[d] + 1);
                n++;
            }
        char from[32];
        snprintf(from, sizeof from, "%c%d", 'a' + m->fox_r, m->fox_c + 1);
        int fr = m->fox_r, fc = m->fox_c;
        m->fox_r = m->fox_c = -9; /* the fox's point is empty once it leaves */
        n = chains(m, fr, fc, from, texts, n);
        m->fox_r = fr;
        m->fox_c = fc;
        return n;
    }
    for (int r = 0; r < 7; r++)
        for (int c = 0; c < 7; c++) {
            if (!m->goose[r][c])
                continue;
            for (int d = 0; d < 8; d++) {
                int up = dr[d] == -1, side = dr[d] == 0 && m->sideways;
                if ((up || side) && empty(m, r + dr[d], c + dc[d])) {
                    if (texts)
                        snprintf(texts[n], 64, "%c%d-%c%d", 'a' + r, c + 1, 'a' + r + dr[d],
                                 c + dc[d] + 1);
                    n++;
                }
            }
        }
    return n;
}

static int model_over(model *m)
{
    return geese(m) < 4 || model_actions(m, NULL) == 0;
}

/* Plays an action text the model listed. */
static void model_play(model *m, const char *text)
{
    int r = text[0] - 'a', c = text[1] - '1';
    const char *p = text + 2;
    while (*p == '-') {
        int tr = p[1] - 'a', tc = p[2] - '1';
        if (m->side == 0) {
            if (abs(tr - r) == 2 || abs(tc - c) == 2)
                m->goose[(r + tr) / 2][(c + tc) / 2] = 0;
            m->fox_r = tr;
            m->fox_c = tc;
        } else {
            m->goose[r][c] = 0;
            m->goose[tr][tc] = 1;
        }
        r = tr;
        c = tc;
        p += 3;
    }
    m->side = !m->side;
}

static char scratch[8][1100][64];

static uint64_t model_perft(model *m, int depth)
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

/* The model of a position text (the tests' own reader). */
static model model_from(const char *text)
{
    model m;
    memset(&m, 0, sizeof m);
    m.side = strncmp(text, "fox turn=geese", 14) == 0;
    const char *p = strstr(text, "sideways=");
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

static int by_text(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* The library's actions, as sorted texts, equal the model's. */
static void expect_actions_match(herd_game *g)
{
    static herd_move moves[HERD_MAX_MOVES];
    static char lib[HERD_MAX_MOVES][64], mine[1100][64];
    char text[HERD_MAX_POSITION_TEXT];
    size_t n, len;
    herd_position_to_text(g, text, sizeof text, &len);
    model m = model_from(text);
    herd_status st;
    herd_get_status(g, &st);
    int k = st.result == HERD_ONGOING ? model_actions(&m, mine) : 0;
    assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
    if ((int)n != k)
        fail_msg("%s: library %zu actions, model %d", text, n, k);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(herd_move_to_text(g, moves[i], lib[i], 64, &len), HERD_OK);
    qsort(lib, n, 64, by_text);
    qsort(mine, n, 64, by_text);
    for (size_t i = 0; i < n; i++)
        assert_string_equal(lib[i], mine[i]);
}

/* -------------------------------------------------------------- tests */

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
    /* The fox steps along every line from d4, c3 and a3, and only there. */
    static const char *const from[] = {"d4", "c3", "a3", "e7"};
    for (size_t k = 0; k < 4; k++)
        for (int r = 0; r < 7; r++)
            for (int c = 0; c < 7; c++) {
                if (!on(r, c))
                    continue;
                char text[96], move[16];
                snprintf(text, sizeof text, "fox turn=fox sideways=0 fox=%s geese=g3,g4,g5,f4",
                         from[k]);
                herd_game *g = game_at(text);
                snprintf(move, sizeof move, "%s-%c%d", from[k], 'a' + r, c + 1);
                int fr = from[k][0] - 'a', fc = from[k][1] - '1';
                int near = abs(fr - r) <= 1 && abs(fc - c) <= 1 && !(fr == r && fc == c);
                int occupied = (r == 6 && c >= 2 && c <= 4) || (r == 5 && c == 3);
                int rc = play_text(g, move);
                if ((rc == HERD_OK) != (near && !occupied) &&
                    !(abs(fr - r) == 2 || abs(fc - c) == 2))
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
        {"", "fox turn=fox sideways=0 fox=d4 geese=e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5"},
        {"geese=15",
         "fox turn=fox sideways=0 fox=d4 geese=d1,d7,e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5"},
        {"geese=17 sideways=1", "fox turn=fox sideways=1 fox=d4 "
                                "geese=c1,c7,d1,d7,e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5"},
    };
    for (size_t i = 0; i < 3; i++) {
        herd_game *g;
        herd_error err;
        char text[HERD_MAX_POSITION_TEXT];
        size_t len;
        assert_int_equal(herd_new(&g, "fox", cases[i].options, NULL, NULL, &err), HERD_OK);
        herd_position_to_text(g, text, sizeof text, &len);
        assert_string_equal(text, cases[i].text);
        herd_free(g);
    }
    herd_game *g;
    herd_error err;
    assert_int_equal(herd_new(&g, "fox", "geese=14", NULL, NULL, &err), HERD_E_RANGE);
    assert_int_equal(herd_new(&g, "fox", "sideways=2", NULL, NULL, &err), HERD_E_RANGE);
    herd_fox_options o = {17, 1};
    assert_int_equal(herd_fox_new(&g, &o, NULL, NULL, &err), HERD_OK);
    int n, sw;
    herd_fox_geese_left(g, &n);
    herd_fox_sideways(g, &sw);
    assert_int_equal(n, 17);
    assert_int_equal(sw, 1);
    herd_free(g);
}

static void chains_and_every_prefix_are_actions(void **state)
{
    (void)state;
    /* d4 over d5 to d6, over e5 to f4, over e3 to d2: a triple chain. */
    herd_game *g = game_at("fox turn=fox sideways=0 fox=d4 geese=d5,e5,e3,a3,a4,a5,b3");
    expect_actions_match(g);
    static const char *const chain[] = {"d4-d6", "d4-d6-f4", "d4-d6-f4-d2"};
    for (int i = 0; i < 3; i++) {
        int left;
        assert_int_equal(play_text(g, chain[i]), HERD_OK);
        herd_fox_geese_left(g, &left);
        assert_int_equal(left, 6 - i);
        herd_cell f;
        herd_fox_fox(g, &f);
        assert_int_equal(f.row, i == 1 ? 5 : 3);
        assert_int_equal(f.col, i == 0 ? 5 : i == 1 ? 3 : 1);
        assert_int_equal(herd_undo(g), HERD_OK);
    }
    /* A double chain whose second hop is diagonal. */
    assert_int_equal(play_text(g, "d4-d6-f6"), HERD_E_PARSE);    /* f6 is no point */
    assert_int_equal(play_text(g, "d4-d6-d4"), HERD_E_ILLEGAL);  /* d5 is captured already */
    assert_int_equal(play_text(g, "d4-d6-f4-f2"), HERD_E_PARSE); /* f2 is no point */
    herd_free(g);
    /* A double chain whose second hop is diagonal, and its prefix. */
    g = game_at("fox turn=fox sideways=0 fox=c3 geese=c4,d6,a3,a4,a5,b3,b4");
    expect_actions_match(g);
    assert_int_equal(play_text(g, "c3-c5-e7"), HERD_OK);
    herd_undo(g);
    assert_int_equal(play_text(g, "c3-c5"), HERD_OK);
    assert_int_equal(play_text(g, "c5-e7"), HERD_E_ILLEGAL); /* the geese are to move */
    herd_free(g);
}

static void no_jump_off_board_over_empty_or_over_two(void **state)
{
    (void)state;
    herd_game *g = game_at("fox turn=fox sideways=0 fox=d2 geese=d1,d3,d4,e5,e6,f3,f4");
    expect_actions_match(g);
    assert_int_equal(play_text(g, "d2-d0"), HERD_E_PARSE); /* no such point */
    herd_move m;
    herd_cell from = {3, 1}, land = {3, -1};
    m = herd_fox_jumps(from, &land, 1);
    assert_int_equal(herd_apply(g, m), HERD_E_ILLEGAL);      /* off the board */
    assert_int_equal(play_text(g, "d2-d4"), HERD_E_ILLEGAL); /* d4 holds a goose: two geese */
    assert_int_equal(play_text(g, "d2-b2"), HERD_E_PARSE);   /* b2 is no point */
    assert_int_equal(play_text(g, "d2-f2"), HERD_E_PARSE);
    herd_free(g);
    g = game_at("fox turn=fox sideways=0 fox=c3 geese=d4,e5,e6,f3,f4,g3");
    assert_int_equal(play_text(g, "c3-c5"), HERD_E_ILLEGAL); /* over an empty c4 */
    assert_non_null(strstr(herd_last_error(g), "no goose"));
    assert_int_equal(play_text(g, "c3-e5"), HERD_E_ILLEGAL); /* e5 is occupied */
    assert_int_equal(play_text(g, "a3-c3"), HERD_E_ILLEGAL); /* no fox there */
    herd_free(g);
    g = game_at(NULL); /* chains that are no chains */
    assert_int_equal(play_text(g, "d4-d6-e6"), HERD_E_PARSE);
    assert_string_equal(herd_last_error(g), "d6-e6 is not a jump (two points in a line)");
    assert_int_equal(play_text(g, "d4-d6-d4-d6-d4-d6-d4-d6-d4-d6-d4-d6-d4-d6-d4-d6-d4-d6-d4"),
                     HERD_E_PARSE); /* 19 points: more hops than HERD_FOX_MAX_HOPS */
    assert_non_null(strstr(herd_last_error(g), "expected FROM-TO or a jump chain"));
    assert_int_equal(play_text(g, "d4-"), HERD_E_PARSE);
    assert_non_null(strstr(herd_last_error(g), "expected FROM-TO or a jump chain"));
    assert_int_equal(play_text(g, "d4-a1"), HERD_E_PARSE);
    assert_non_null(strstr(herd_last_error(g), "a1"));
    herd_free(g);
    g = game_at(NULL); /* a step onto a goose, named, and nothing changes */
    snapshot before;
    snap_take(&before, g);
    assert_int_equal(play_text(g, "d4-e4"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "e4 is occupied");
    snap_check(&before, g);
    herd_free(g);
    g = game_at("fox turn=fox sideways=0 fox=c1 geese=d2,e3,a3,a4,a5");
    assert_int_equal(play_text(g, "c1-e3"), HERD_E_ILLEGAL); /* two geese in a row */
    assert_int_equal(play_text(g, "c1-a3"), HERD_E_ILLEGAL); /* b2 is no point: no line */
    herd_free(g);
}

static void geese_move_up_and_sideways_only_with_the_option(void **state)
{
    (void)state;
    herd_game *g = game_at("fox turn=geese sideways=0 fox=a3 geese=d4,e1,e2,g4");
    expect_actions_match(g);
    assert_int_equal(play_text(g, "d4-e4"), HERD_E_ILLEGAL); /* down */
    assert_int_equal(play_text(g, "d4-d5"), HERD_E_ILLEGAL); /* sideways, option off */
    assert_non_null(strstr(herd_last_error(g), "only up or diagonally up"));
    assert_int_equal(play_text(g, "d4-c5"), HERD_OK);
    herd_free(g);
    g = game_at("fox turn=geese sideways=1 fox=a3 geese=d4,e1,e2,g4");
    expect_actions_match(g);
    assert_int_equal(play_text(g, "d4-e4"), HERD_E_ILLEGAL);
    assert_int_equal(play_text(g, "d4-d5"), HERD_OK);
    herd_free(g);
}

static void ends_captured_no_moves_trapped(void **state)
{
    (void)state;
    /* Fewer than four geese: the fox has won. */
    herd_game *g = game_at("fox turn=fox sideways=0 fox=d4 geese=d5,a3,a4,a5");
    assert_int_equal(play_text(g, "d4-d6"), HERD_OK);
    check_status(g, HERD_WIN, HERD_FOX_FOX, HERD_REASON_CAPTURED);
    herd_free(g);
    /* Geese that cannot move lose: all on the top arm with the fox below. */
    g = game_at("fox turn=fox sideways=0 fox=c4 geese=a3,a4,a5,b3,b5");
    assert_int_equal(play_text(g, "c4-b4"), HERD_OK);
    check_status(g, HERD_WIN, HERD_FOX_FOX, HERD_REASON_NO_MOVES);
    herd_free(g);
    /* The fox trapped in a corner of an arm. */
    g = game_at("fox turn=geese sideways=0 fox=a3 geese=a4,b3,b4,c3,c5,b5,d4");
    assert_int_equal(play_text(g, "c5-a5"), HERD_E_ILLEGAL);
    assert_int_equal(play_text(g, "b5-a5"), HERD_OK);
    check_status(g, HERD_WIN, HERD_FOX_GEESE, HERD_REASON_TRAPPED);
    herd_free(g);
}

static void positions_are_checked(void **state)
{
    (void)state;
    static const struct {
        const char *text, *part;
        int code;
    } bad[] = {
        {"fox turn=fox sideways=0 fox=d4 geese=d4,e1,e2,e3", "d4 holds the fox", HERD_E_POSITION},
        {"fox turn=fox sideways=0 fox=a1 geese=e1,e2,e3,e4", "a1 is not a point", HERD_E_POSITION},
        {"fox turn=fox sideways=0 fox=d4 geese=e1,e1,e3,e4", "e1 is listed twice", HERD_E_POSITION},
        {"fox turn=fox sideways=2 fox=d4 geese=e1,e2,e3,e4", "expected", HERD_E_PARSE},
        {"fox turn=hare sideways=0 fox=d4 geese=e1,e2,e3,e4", "turn must be fox or geese",
         HERD_E_PARSE},
        {"fox turn=fox sideways=0 fox=d4 geeze=e1,e2,e3,e4", "expected", HERD_E_PARSE},
        {"fox turn=fox sideways=0 fox=d4 geese=e1,e2,e3,e4 stall=0", "expected", HERD_E_PARSE},
        {"fox turn=fox sideways=0 fox=d4 geese=a3,a4,a5,b3,b4,b5,c1,c2,c3,c4,c5,c6,c7,d1,d2,d3,"
         "d5,d6",
         "18 geese", HERD_E_POSITION},
        /* The saturated chain position of docs/fox.md: over the bound. */
        {"fox turn=fox sideways=0 fox=c3 geese=a4,b3,b4,b5,c2,c4,c6,d1,d2,d3,d4,d5,d6,d7,e2,e4,e6",
         "more than 1024 actions", HERD_E_POSITION},
    };
    herd_game *g = game_at(NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = herd_position_from_text(g, bad[i].text);
        if (rc != bad[i].code || !strstr(herd_last_error(g), bad[i].part))
            fail_msg("%s: %d %s", bad[i].text, rc, herd_last_error(g));
    }
    herd_free(g);
}

/* The bound: actions are the steps (at most 8) and the chains, and every
 * position that `set` accepts has at most HERD_FOX_MAX_MOVES of them, since
 * `set` counts them and refuses more. Here positions rich in chains are
 * built at random; every one accepted lists exactly the model's actions,
 * and every one refused has more than the bound by the model's count. */
static void no_accepted_position_exceeds_the_bound(void **state)
{
    (void)state;
    uint64_t x = 88172645463325252u;
    herd_game *g = game_at(NULL);
    int accepted = 0, refused = 0;
    for (int k = 0; k < 300; k++) {
        char text[HERD_MAX_POSITION_TEXT];
        int n = 0, fr, fc;
        model m;
        memset(&m, 0, sizeof m);
        do {
            x ^= x << 13, x ^= x >> 7, x ^= x << 17;
            fr = (int)(x % 7), fc = (int)(x / 7 % 7);
        } while (!on(fr, fc));
        int len = snprintf(text, sizeof text, "fox turn=fox sideways=0 fox=%c%d geese=", 'a' + fr,
                           fc + 1);
        for (int r = 0; r < 7; r++)
            for (int c = 0; c < 7; c++) {
                x ^= x << 13, x ^= x >> 7, x ^= x << 17;
                /* Geese off the fox's parity class, where chains land. */
                int other = (r % 2 != fr % 2) || (c % 2 != fc % 2);
                if (on(r, c) && other && n < 17 && x % 100 < 80) {
                    len += snprintf(text + len, sizeof text - (size_t)len, "%s%c%d", n ? "," : "",
                                    'a' + r, c + 1);
                    n++;
                }
            }
        if (n < 4)
            continue;
        m = model_from(text);
        int actions = model_actions(&m, NULL);
        int rc = herd_position_from_text(g, text);
        if (rc == HERD_OK) {
            assert_true(actions <= HERD_FOX_MAX_MOVES);
            expect_actions_match(g);
            accepted++;
        } else {
            assert_int_equal(rc, HERD_E_POSITION);
            assert_true(actions > HERD_FOX_MAX_MOVES);
            refused++;
        }
    }
    assert_true(accepted > 0);
    assert_true(refused > 0);
    herd_free(g);
}

static const char *const perft_positions[] = {
    "fox turn=fox sideways=0 fox=d4 geese=e1,e2,e3,e4,e5,e6,e7,f3,f4,f5,g3,g4,g5",
    "fox turn=geese sideways=1 fox=c4 geese=c2,d3,d5,d6,e1,e4,e7,f3,f5,g4",
    "fox turn=fox sideways=0 fox=c3 geese=b4,c4,d2,d3,d4,e5,f4,f5,g3",
};

static void perft_matches_the_model(void **state)
{
    (void)state;
    for (size_t i = 0; i < 3; i++) {
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

static void random_games_agree_with_the_model(void **state)
{
    (void)state;
    static const char *const options[] = {"", "geese=15", "geese=17 sideways=1"};
    for (int game = 0; game < 60; game++) {
        herd_game *g;
        herd_error err;
        assert_int_equal(herd_new(&g, "fox", options[game % 3], NULL, NULL, &err), HERD_OK);
        for (int ply = 0; ply < 200; ply++) {
            herd_status st;
            expect_actions_match(g);
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
        }
        herd_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fox_board_joins_every_two_neighbours),
        cmocka_unit_test(start_and_options),
        cmocka_unit_test(chains_and_every_prefix_are_actions),
        cmocka_unit_test(no_jump_off_board_over_empty_or_over_two),
        cmocka_unit_test(geese_move_up_and_sideways_only_with_the_option),
        cmocka_unit_test(ends_captured_no_moves_trapped),
        cmocka_unit_test(positions_are_checked),
        cmocka_unit_test(no_accepted_position_exceeds_the_bound),
        cmocka_unit_test(perft_matches_the_model),
        cmocka_unit_test(random_games_agree_with_the_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
