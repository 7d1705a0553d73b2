/* Hare and Hounds (`hare`): every rule of docs/hare.md, the texts of
 * protocol.md, perft numbers and the solver's verdicts, checked against a
 * small independent model written here from the rules alone (the lines as
 * the rules name them, plain loops, a memoized minimax). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "herd/hare.h"
#include "herd/herd.h"
#include "test_util.h"

/* ---------------------------------------------------------- the model */

/* The 22 lines exactly as docs/hare.md names them. */
static const char *const rule_lines[22] = {
    "b1-b2", "b2-b3", "c1-c2", "c2-c3", "d1-d2", "d2-d3", /* rows */
    "b1-c1", "c1-d1", "b2-c2", "c2-d2", "b3-c3", "c3-d3", /* columns */
    "b1-c2", "c2-d3", "b3-c2", "c2-d1",                   /* diagonals */
    "a2-b1", "a2-b2", "a2-b3", "e2-d1", "e2-d2", "e2-d3", /* end points */
};
static const char *const point_names[11] = {"a2", "b1", "b2", "b3", "c1", "c2",
                                            "c3", "d1", "d2", "d3", "e2"};

static int point_of(const char *name)
{
    for (int i = 0; i < 11; i++)
        if (strncmp(point_names[i], name, 2) == 0)
            return i;
    return -1;
}

static int row(int p)
{
    return point_names[p][0] - 'a';
}

static int joined(int p, int q)
{
    for (int i = 0; i < 22; i++) {
        int a = point_of(rule_lines[i]), b = point_of(rule_lines[i] + 3);
        if ((a == p && b == q) || (a == q && b == p))
            return 1;
    }
    return 0;
}

typedef struct model {
    int hare, hounds, side, stall; /* hounds: bit per point; side 0 hounds */
} model;

/* A hound may go to a joined point in the same row or the row above. */
static int hound_may(int from, int to)
{
    return joined(from, to) && row(to) <= row(from);
}

static int model_moves(const model *m, int from[], int to[])
{
    int n = 0, busy = m->hounds | 1 << m->hare;
    for (int p = 0; p < 11; p++)
        for (int q = 0; q < 11; q++) {
            if (busy >> q & 1)
                continue;
            if (m->side == 0 ? (m->hounds >> p & 1) && hound_may(p, q)
                             : p == m->hare && joined(p, q)) {
                from[n] = p;
                to[n++] = q;
            }
        }
    return n;
}

/* -1 while the game goes on, else the winner; reason names why. */
static int model_end(const model *m, herd_reason *reason)
{
    int from[16], to[16], below = 1;
    for (int p = 0; p < 11; p++)
        if ((m->hounds >> p & 1) && row(p) >= row(m->hare))
            below = 0;
    int n = model_moves(m, from, to);
    *reason = below            ? HERD_REASON_ESCAPED
              : m->stall >= 10 ? HERD_REASON_STALLING
              : n > 0          ? HERD_REASON_NONE
              : m->side == 0   ? HERD_REASON_NO_MOVES
                               : HERD_REASON_TRAPPED;
    if (*reason == HERD_REASON_NONE)
        return -1;
    return *reason == HERD_REASON_TRAPPED ? 0 : 1;
}

static model model_play(model m, int from, int to)
{
    if (m.side == 0) {
        m.hounds = (m.hounds & ~(1 << from)) | 1 << to;
        m.stall = row(to) < row(from) ? 0 : m.stall + 1;
    } else {
        m.hare = to;
    }
    m.side = !m.side;
    return m;
}

static uint64_t model_perft(const model *m, int depth)
{
    int from[16], to[16];
    herd_reason why;
    if (depth == 0)
        return 1;
    if (model_end(m, &why) >= 0)
        return 0;
    int n = model_moves(m, from, to);
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        model c = model_play(*m, from[i], to[i]);
        total += model_perft(&c, depth - 1);
    }
    return total;
}

/* Plain memoized minimax: value = winner + 2 * plies; 0xffff unknown. */
static uint16_t memo[11][2048][11][2];

static unsigned model_solve(const model *m)
{
    uint16_t *slot = &memo[m->hare][m->hounds][m->stall][m->side];
    if (*slot != 0xffff)
        return *slot;
    herd_reason why;
    int w = model_end(m, &why), from[16], to[16];
    unsigned v;
    if (w >= 0) {
        v = (unsigned)w;
    } else {
        int n = model_moves(m, from, to);
        int have_win = 0;
        unsigned win = 0, loss = 0;
        for (int i = 0; i < n; i++) {
            model c = model_play(*m, from[i], to[i]);
            unsigned cv = model_solve(&c), plies = (cv >> 1) + 1;
            if ((int)(cv & 1) == m->side) {
                if (!have_win || plies < win)
                    win = plies;
                have_win = 1;
            } else if (plies > loss) {
                loss = plies;
            }
        }
        v = have_win ? (unsigned)m->side | win << 1 : (unsigned)!m->side | loss << 1;
    }
    *slot = (uint16_t)v;
    return v;
}

/* ------------------------------------------------------------ helpers */

/* A hare game at a position text (NULL: the start). */
static herd_game *game_at(const char *text)
{
    return game_of("hare", text);
}

/* The model of a game, from the typed getters. */
static model model_of(const herd_game *g)
{
    model m = {0, 0, 0, 0};
    herd_cell c, h[3];
    char name[32];
    assert_int_equal(herd_hare_locate(g, &c), HERD_OK);
    snprintf(name, sizeof name, "%c%d", 'a' + c.row, c.col + 1);
    m.hare = point_of(name);
    assert_int_equal(herd_hare_hounds(g, h), HERD_OK);
    for (int i = 0; i < 3; i++) {
        snprintf(name, sizeof name, "%c%d", 'a' + h[i].row, h[i].col + 1);
        m.hounds |= 1 << point_of(name);
    }
    assert_int_equal(herd_hare_stall(g, &m.stall), HERD_OK);
    char text[HERD_MAX_POSITION_TEXT];
    size_t len;
    assert_int_equal(herd_position_to_text(g, text, sizeof text, &len), HERD_OK);
    m.side = strncmp(text, "hare turn=hare ", 15) == 0;
    return m;
}

/* -------------------------------------------------------------- tests */

static void hare_board_has_the_22_lines_by_name(void **state)
{
    (void)state;
    int seen[22] = {0};
    for (int i = 0; i < HERD_HARE_LINES; i++) {
        herd_cell a, b;
        char text[64];
        assert_int_equal(herd_hare_line(i, &a, &b), HERD_OK);
        snprintf(text, sizeof text, "%c%d-%c%d", 'a' + a.row, a.col + 1, 'a' + b.row, b.col + 1);
        int found = -1;
        for (int k = 0; k < 22; k++) {
            char back[8];
            snprintf(back, sizeof back, "%.2s-%.2s", rule_lines[k] + 3, rule_lines[k]);
            if (strcmp(text, rule_lines[k]) == 0 || strcmp(text, back) == 0)
                found = k;
        }
        if (found < 0)
            fail_msg("line %s is not a line of the rules", text);
        seen[found]++;
    }
    for (int k = 0; k < 22; k++)
        assert_int_equal(seen[k], 1);
    herd_cell a, b;
    assert_int_equal(herd_hare_line(22, &a, &b), HERD_E_ARG);
    /* The hare steps along every line both ways, and nowhere else. */
    for (int p = 0; p < 11; p++)
        for (int q = 0; q < 11; q++) {
            if (p == q)
                continue;
            int hounds[3], n = 0;
            for (int h = 0; n < 3; h++)
                if (h != p && h != q)
                    hounds[n++] = h;
            char text[80], move[8];
            snprintf(text, sizeof text, "hare turn=hare hare=%s hounds=%s,%s,%s stall=0",
                     point_names[p], point_names[hounds[0]], point_names[hounds[1]],
                     point_names[hounds[2]]);
            herd_game *g = game_at(NULL);
            if (herd_position_from_text(g, text) != HERD_OK) {
                herd_free(g);
                continue; /* the hare has already escaped there */
            }
            herd_status st;
            herd_get_status(g, &st);
            snprintf(move, sizeof move, "%s-%s", point_names[p], point_names[q]);
            if (st.result == HERD_ONGOING) {
                int rc = play_text(g, move);
                if (joined(p, q) != (rc == HERD_OK))
                    fail_msg("%s in %s: %d %s", move, text, rc, herd_last_error(g));
            }
            herd_free(g);
        }
}

static void hound_never_moves_down(void **state)
{
    (void)state;
    herd_game *g = game_at("hare turn=hounds hare=a2 hounds=b2,c1,c3 stall=0");
    assert_int_equal(play_text(g, "b2-c2"), HERD_E_ILLEGAL);
    assert_non_null(strstr(herd_last_error(g), "never moves down"));
    assert_int_equal(play_text(g, "c1-d1"), HERD_E_ILLEGAL);
    assert_int_equal(play_text(g, "c3-d2"), HERD_E_ILLEGAL); /* not a line either */
    assert_int_equal(play_text(g, "c1-b1"), HERD_OK);        /* up */
    herd_free(g);
    g = game_at("hare turn=hounds hare=a2 hounds=c2,d1,d3 stall=0");
    assert_int_equal(play_text(g, "c2-d2"), HERD_E_ILLEGAL);
    assert_int_equal(play_text(g, "d1-e2"), HERD_E_ILLEGAL); /* diagonally down */
    assert_int_equal(play_text(g, "c2-c3"), HERD_OK);        /* sideways */
    herd_free(g);
}

/* A step from a point without the mover's piece, or onto a taken point, is
 * refused with the points named, and nothing changes. */
static void steps_need_the_movers_piece_and_a_free_point(void **state)
{
    (void)state;
    herd_game *g = game_at(NULL);
    snapshot before;
    snap_take(&before, g);
    assert_int_equal(play_text(g, "c2-b2"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "c2 has no hound");
    assert_int_equal(play_text(g, "a2-b2"), HERD_E_ILLEGAL); /* the hare's, on the hounds' turn */
    assert_string_equal(herd_last_error(g), "a2 has no hound");
    assert_int_equal(play_text(g, "e2-d1"), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "d1 is occupied");
    snap_check(&before, g);
    herd_free(g);
}

static void tenth_stalling_move_ends_and_diagonal_up_resets(void **state)
{
    (void)state;
    herd_game *g = game_at("hare turn=hounds hare=a2 hounds=c1,d1,d3 stall=8");
    int stall;
    assert_int_equal(play_text(g, "d1-d2"), HERD_OK); /* sideways: 9 */
    herd_hare_stall(g, &stall);
    assert_int_equal(stall, 9);
    check_status(g, HERD_ONGOING, HERD_HARE_HARE, HERD_REASON_NONE);
    /* The tenth stalling move wins for the hare. */
    assert_int_equal(play_text(g, "a2-b1"), HERD_OK);
    assert_int_equal(play_text(g, "d2-d1"), HERD_OK);
    herd_hare_stall(g, &stall);
    assert_int_equal(stall, 10);
    check_status(g, HERD_WIN, HERD_HARE_HARE, HERD_REASON_STALLING);
    herd_free(g);
    /* A diagonal-up move resets the count, and so does a move straight up. */
    g = game_at("hare turn=hounds hare=a2 hounds=c1,d1,d3 stall=9");
    assert_int_equal(play_text(g, "d1-c2"), HERD_OK);
    herd_hare_stall(g, &stall);
    assert_int_equal(stall, 0);
    herd_free(g);
    g = game_at("hare turn=hounds hare=a2 hounds=c1,d1,d3 stall=9");
    assert_int_equal(play_text(g, "c1-b1"), HERD_OK);
    herd_hare_stall(g, &stall);
    assert_int_equal(stall, 0);
    herd_free(g);
}

static void hare_escapes_by_row(void **state)
{
    (void)state;
    herd_game *g = game_at("hare turn=hare hare=c2 hounds=b1,b3,c1 stall=0");
    assert_int_equal(play_text(g, "c2-d2"), HERD_OK); /* row d: below b, b, c */
    check_status(g, HERD_WIN, HERD_HARE_HARE, HERD_REASON_ESCAPED);
    herd_free(g);
    /* Level with a hound is not below it. */
    g = game_at("hare turn=hare hare=b2 hounds=b1,b3,c1 stall=0");
    assert_int_equal(play_text(g, "b2-c2"), HERD_OK);
    check_status(g, HERD_ONGOING, HERD_HARE_HOUNDS, HERD_REASON_NONE);
    herd_free(g);
    /* The hounds' own move can let the hare escape. */
    g = game_at("hare turn=hounds hare=d2 hounds=c1,c3,d3 stall=0");
    assert_int_equal(play_text(g, "d3-c2"), HERD_OK);
    check_status(g, HERD_WIN, HERD_HARE_HARE, HERD_REASON_ESCAPED);
    herd_free(g);
}

static void hounds_without_moves_lose(void **state)
{
    (void)state;
    /* The hounds on a2, b1, b3 can only go sideways to b2... which the
     * hare holds: no move at all. */
    herd_game *g = game_at("hare turn=hounds hare=b2 hounds=a2,b1,b3 stall=0");
    check_status(g, HERD_WIN, HERD_HARE_HARE, HERD_REASON_NO_MOVES);
    assert_int_equal(play_text(g, "b1-c1"), HERD_E_STATE);
    herd_free(g);
}

static void hare_trapped_loses(void **state)
{
    (void)state;
    herd_game *g = game_at("hare turn=hounds hare=a2 hounds=b1,c2,b3 stall=0");
    assert_int_equal(play_text(g, "c2-b2"), HERD_OK);
    check_status(g, HERD_WIN, HERD_HARE_HOUNDS, HERD_REASON_TRAPPED);
    herd_free(g);
}

static void start_option_takes_a_free_point(void **state)
{
    (void)state;
    herd_game *g;
    herd_error err;
    char text[HERD_MAX_POSITION_TEXT];
    size_t len;
    assert_int_equal(herd_new("hare", "start=c2", NULL, NULL, &g, &err), HERD_OK);
    herd_position_to_text(g, text, sizeof text, &len);
    assert_string_equal(text, "hare turn=hounds hare=c2 hounds=d1,d3,e2 stall=0");
    herd_free(g);
    assert_int_equal(herd_new("hare", "start=zz", NULL, NULL, &g, &err), HERD_E_PARSE);
    assert_non_null(strstr(err.message, "start=zz"));
    assert_int_equal(herd_new("hare", "start=d1", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_non_null(strstr(err.message, "d1 is occupied by a hound"));
    assert_int_equal(herd_new("hare", "start=a1", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_non_null(strstr(err.message, "a1 is not a point"));
    herd_hare_options o;
    herd_hare_options_init(&o, HERD_HARE_OPTIONS_VERSION);
    o.start = (herd_cell){3, 1};
    assert_int_equal(herd_hare_new(&o, NULL, NULL, &g, &err), HERD_OK);
    herd_position_to_text(g, text, sizeof text, &len);
    assert_string_equal(text, "hare turn=hounds hare=d2 hounds=d1,d3,e2 stall=0");
    herd_free(g);
}

static void impossible_positions_are_named(void **state)
{
    (void)state;
    static const struct {
        const char *text, *part;
        int code;
    } bad[] = {
        {"hare turn=hare hare=c2 hounds=b1,b3 stall=0", "2 hounds", HERD_E_POSITION},
        {"hare turn=hare hare=c2 hounds=b1,b2,b3,c1 stall=0", "4 hounds", HERD_E_POSITION},
        {"hare turn=hare hare=c2 hounds=b1,c2,b3 stall=0", "c2 holds the hare", HERD_E_POSITION},
        {"hare turn=hare hare=c2 hounds=b1,b1,b3 stall=0", "b1 is listed twice", HERD_E_POSITION},
        {"hare turn=hare hare=a1 hounds=b1,b2,b3 stall=0", "a1 is not a point", HERD_E_POSITION},
        {"hare turn=hare hare=c2 hounds=b1,b2,b3 stall=11", "stall=11", HERD_E_POSITION},
        {"hare turn=hounds hare=c2 hounds=b1,b2,b3 stall=10", "stall=10", HERD_E_POSITION},
        {"hare turn=fox hare=c2 hounds=b1,b2,b3 stall=0", "turn", HERD_E_PARSE},
        {"hare turn=hare hare=c2 hounds=b1,b2,b3", "expected", HERD_E_PARSE},
        {"hare turn=hare hair=c2 hounds=b1,b2,b3 stall=0", "expected", HERD_E_PARSE},
        {"hare turn=hare hare=c2 hound=b1,b2,b3 stall=0", "expected", HERD_E_PARSE},
    };
    herd_game *g = game_at(NULL);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = herd_position_from_text(g, bad[i].text);
        if (rc != bad[i].code || !strstr(herd_last_error(g), bad[i].part))
            fail_msg("%s: %d %s", bad[i].text, rc, herd_last_error(g));
    }
    herd_free(g);
}

static const char *const perft_positions[] = {
    "hare turn=hounds hare=a2 hounds=d1,d3,e2 stall=0",
    "hare turn=hare hare=b1 hounds=c1,c3,d2 stall=3",
    "hare turn=hounds hare=c3 hounds=b2,c1,d3 stall=7",
};

static void perft_matches_the_model(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof perft_positions / sizeof *perft_positions; i++) {
        herd_game *g = game_at(perft_positions[i]);
        model m = model_of(g);
        for (unsigned d = 1; d <= 7; d++) {
            uint64_t n;
            assert_int_equal(herd_perft(g, d, &n), HERD_OK);
            if (n != model_perft(&m, (int)d))
                fail_msg("perft %u of %s: %llu, model %llu", d, perft_positions[i],
                         (unsigned long long)n, (unsigned long long)model_perft(&m, (int)d));
        }
        herd_free(g);
    }
}

static void solver_matches_an_independent_search(void **state)
{
    (void)state;
    memset(memo, 0xff, sizeof memo);
    herd_game *g = game_at(NULL);
    int checked = 0;
    for (int hare = 0; hare < 11; hare++)
        for (int hounds = 0; hounds < 2048; hounds++) {
            if (__builtin_popcount((unsigned)hounds) != 3 || (hounds >> hare & 1))
                continue;
            for (int stall = 0; stall <= 10; stall += 3)
                for (int side = 0; side < 2; side++) {
                    char text[80], list[16] = "";
                    for (int p = 0; p < 11; p++)
                        if (hounds >> p & 1) {
                            if (*list)
                                strcat(list, ",");
                            strcat(list, point_names[p]);
                        }
                    snprintf(text, sizeof text, "hare turn=%s hare=%s hounds=%s stall=%d",
                             side ? "hare" : "hounds", point_names[hare], list, stall);
                    if (herd_position_from_text(g, text) != HERD_OK)
                        continue;
                    model m = {hare, hounds, side, stall};
                    unsigned want = model_solve(&m), plies;
                    int winner;
                    assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
                    if ((unsigned)winner != (want & 1) || plies != want >> 1)
                        fail_msg("%s: %d %u, model %u %u", text, winner, plies, want & 1,
                                 want >> 1);
                    checked++;
                }
        }
    assert_true(checked > 5000);
    herd_free(g);
}

static void hounds_win_from_every_start(void **state)
{
    (void)state;
    for (int p = 0; p < 11; p++) {
        char opt[16];
        herd_game *g;
        herd_error err;
        snprintf(opt, sizeof opt, "start=%s", point_names[p]);
        if (herd_new("hare", opt, NULL, NULL, &g, &err) != HERD_OK)
            continue; /* a hound's point */
        int winner;
        unsigned plies;
        assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
        assert_int_equal(winner, HERD_HARE_HOUNDS);
        /* Perfect play on both sides ends as solved, in that many moves. */
        unsigned played = 0;
        herd_status st;
        while (herd_get_status(g, &st) == HERD_OK && st.result == HERD_ONGOING) {
            assert_int_equal(herd_play_genmove(g, 3, NULL), HERD_OK);
            played++;
        }
        assert_int_equal(st.side, HERD_HARE_HOUNDS);
        assert_int_equal(played, plies);
        herd_free(g);
    }
}

static int allocations;

static void *counting(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (!new_size) {
        free(ptr);
        return NULL;
    }
    allocations++;
    return realloc(ptr, new_size);
}

static void solve_table_is_built_once_per_handle_and_not_shared(void **state)
{
    (void)state;
    herd_game *g, *c, *copy;
    herd_error err;
    int w;
    unsigned p;
    allocations = 0;
    assert_int_equal(herd_new("hare", NULL, counting, NULL, &g, &err), HERD_OK);
    assert_int_equal(allocations, 1);
    assert_int_equal(herd_solve(g, &w, &p), HERD_OK);
    assert_int_equal(allocations, 2);
    assert_int_equal(herd_solve(g, &w, &p), HERD_OK);
    herd_move m;
    assert_int_equal(herd_genmove(g, 3, &m), HERD_OK);
    assert_int_equal(allocations, 2);
    assert_int_equal(herd_clone(g, counting, NULL, &c), HERD_OK);
    herd_free(g); /* the clone does not use the freed table */
    assert_int_equal(herd_solve(c, &w, &p), HERD_OK);
    assert_int_equal(w, HERD_HARE_HOUNDS);
    _Alignas(max_align_t) unsigned char mem[1024];
    assert_int_equal(herd_copy_into(c, mem, sizeof mem, &copy), HERD_OK);
    assert_int_equal(herd_solve(copy, &w, &p), HERD_E_NOMEM);
    herd_free(c);
    assert_int_equal(herd_new("fox", NULL, NULL, NULL, &g, &err), HERD_OK);
    assert_int_equal(herd_solve(g, &w, &p), HERD_E_UNSUPPORTED);
    herd_free(g);
    assert_int_equal(herd_solve(NULL, &w, &p), HERD_E_ARG);
}

static void *fail_large(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    (void)ud;
    (void)old_size;
    if (!new_size) {
        free(ptr);
        return NULL;
    }
    return new_size > 4096 ? NULL : realloc(ptr, new_size); /* the table is larger */
}

static void solve_without_memory_changes_nothing(void **state)
{
    (void)state;
    herd_game *g, *before;
    herd_error err;
    int w = -7;
    unsigned p = 77;
    herd_move m = 0;
    assert_int_equal(herd_new("hare", "start=b2", fail_large, NULL, &g, &err), HERD_OK);
    assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
    assert_int_equal(herd_solve(g, &w, &p), HERD_E_NOMEM);
    assert_non_null(strstr(herd_last_error(g), "solution table"));
    assert_int_equal(w, -7);
    assert_int_equal(p, 77);
    assert_int_equal(herd_play_genmove(g, 3, &m), HERD_E_NOMEM);
    assert_true(herd_same_position(g, before));
    assert_int_equal(herd_history_length(g), 0);
    herd_free(g);
    herd_free(before);
}

static void typed_getters(void **state)
{
    (void)state;
    herd_game *g = game_at("hare turn=hare hare=c2 hounds=b1,d3,e2 stall=4");
    herd_cell c2 = {2, 1}, b1 = {1, 0}, b2 = {1, 1}, a1 = {0, 0}, h[3];
    int side, stall;
    assert_int_equal(herd_hare_at(g, c2, &side), HERD_OK);
    assert_int_equal(side, HERD_HARE_HARE);
    assert_int_equal(herd_hare_at(g, b1, &side), HERD_OK);
    assert_int_equal(side, HERD_HARE_HOUNDS);
    assert_int_equal(herd_hare_at(g, b2, &side), HERD_OK);
    assert_int_equal(side, -1);
    assert_int_equal(herd_hare_at(g, a1, &side), HERD_E_ARG);
    assert_int_equal(herd_hare_hounds(g, h), HERD_OK);
    assert_int_equal(h[0].row, 1);
    assert_int_equal(h[2].row, 4);
    assert_int_equal(herd_hare_stall(g, &stall), HERD_OK);
    assert_int_equal(stall, 4);
    herd_cell from, to;
    assert_int_equal(herd_hare_move_cells(herd_hare_move(c2, b2), &from, &to), HERD_OK);
    assert_int_equal(to.col, 1);
    assert_int_equal(herd_hare_move_cells(0, &from, &to), HERD_E_ARG);
    herd_game *fox;
    herd_error err;
    assert_int_equal(herd_new("fox", NULL, NULL, NULL, &fox, &err), HERD_OK);
    assert_int_equal(herd_hare_stall(fox, &stall), HERD_E_ARG);
    assert_int_equal(herd_hare_stall(NULL, &stall), HERD_E_ARG);
    assert_int_equal(herd_hare_locate(g, NULL), HERD_E_ARG);
    herd_free(fox);
    herd_free(g);
}

static void random_games_agree_with_the_model(void **state)
{
    (void)state;
    herd_game *g = game_at(NULL);
    for (int game = 0; game < 200; game++) {
        herd_position_from_text(g, perft_positions[game % 3]);
        for (;;) {
            model m = model_of(g);
            herd_reason why;
            int w = model_end(&m, &why);
            herd_status st;
            herd_get_status(g, &st);
            if (w >= 0) {
                check_status(g, HERD_WIN, w, why);
                break;
            }
            herd_move moves[HERD_MAX_MOVES];
            size_t n;
            int from[16], to[16];
            assert_int_equal(herd_legal_moves(g, moves, HERD_MAX_MOVES, &n), HERD_OK);
            assert_int_equal((int)n, model_moves(&m, from, to));
            assert_int_equal(herd_play_genmove(g, 1, NULL), HERD_OK);
        }
    }
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hare_board_has_the_22_lines_by_name),
        cmocka_unit_test(hound_never_moves_down),
        cmocka_unit_test(steps_need_the_movers_piece_and_a_free_point),
        cmocka_unit_test(tenth_stalling_move_ends_and_diagonal_up_resets),
        cmocka_unit_test(hare_escapes_by_row),
        cmocka_unit_test(hounds_without_moves_lose),
        cmocka_unit_test(hare_trapped_loses),
        cmocka_unit_test(start_option_takes_a_free_point),
        cmocka_unit_test(impossible_positions_are_named),
        cmocka_unit_test(perft_matches_the_model),
        cmocka_unit_test(solver_matches_an_independent_search),
        cmocka_unit_test(hounds_win_from_every_start),
        cmocka_unit_test(solve_table_is_built_once_per_handle_and_not_shared),
        cmocka_unit_test(solve_without_memory_changes_nothing),
        cmocka_unit_test(typed_getters),
        cmocka_unit_test(random_games_agree_with_the_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
