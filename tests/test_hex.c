/* Mark Steere's Herd on a hexhex board (`hex`): every rule of docs/hex.md,
 * the texts of the protocol, the invariants over random games, and perft
 * numbers checked against a small independent implementation written here. */
#include "test_games.h"

#include "herd/hex.h"

/* What herd_roll() draws first for seed 1 (the generator is pinned). */
#define PINNED_FIRST_ROLL_SEED_1 "dice:1,6"

/* ------------------------------------------------------------- helpers */

/* The typed getters' values, each asserted to succeed. */
static int size_of(const herd_game *g)
{
    int v = -1;
    assert_int_equal(herd_hex_size(g, &v), HERD_OK);
    return v;
}

static int cell_count_of(const herd_game *g)
{
    int v = -1;
    assert_int_equal(herd_hex_cell_count(g, &v), HERD_OK);
    return v;
}

static int row_length_of(const herd_game *g, int row)
{
    int v = -1;
    assert_int_equal(herd_hex_row_length(g, row, &v), HERD_OK);
    return v;
}

static int phase_of(const herd_game *g)
{
    int v = -1;
    assert_int_equal(herd_hex_phase(g, &v), HERD_OK);
    return v;
}

static int left_of(const herd_game *g)
{
    int v = -1;
    assert_int_equal(herd_hex_left(g, &v), HERD_OK);
    return v;
}

static int stones_of(const herd_game *g, int side)
{
    int v = -1;
    assert_int_equal(herd_hex_stones(g, side, &v), HERD_OK);
    return v;
}

static herd_game *new_game(const char *options)
{
    return game_new("hex", options);
}

/* A game set to a position text (the easiest way to build a situation). */
static herd_game *game_at(const char *text)
{
    return game_with("hex", "size=3 seed=1", text);
}

/* ------------------------------------------- an independent reference */

/* The rules again, written the plain way: the board as rows of characters,
 * neighbours from the row's place in the hexagon, no shared code. Used for
 * perft numbers and to replay random games. */
typedef struct ref_state {
    int n;
    unsigned long long turns;
    int side;  /* 0 red, 1 blue */
    int phase; /* 0 roll, 1 remove, 2 place */
    int lo, hi, left;
    int over;
    char row[25][26];
} ref_state;

static int ref_rows(const ref_state *s)
{
    return 2 * s->n - 1;
}

static int ref_len(const ref_state *s, int r)
{
    return r < s->n ? s->n + r : 3 * s->n - 2 - r;
}

static int ref_on(const ref_state *s, int r, int c)
{
    return r >= 0 && r < ref_rows(s) && c >= 0 && c < ref_len(s, r);
}

/* The row above and below a cell: in the upper half a row is one cell
 * shorter than the next, in the lower half one longer. */
static int ref_neighbours(const ref_state *s, int r, int c, int *nr, int *nc)
{
    int cand[6][2] = {{r, c - 1}, {r, c + 1}};
    int mid = s->n - 1;
    int up0 = r <= mid ? c - 1 : c;  /* row r-1 */
    int down0 = r < mid ? c : c - 1; /* row r+1 */
    cand[2][0] = r - 1, cand[2][1] = up0;
    cand[3][0] = r - 1, cand[3][1] = up0 + 1;
    cand[4][0] = r + 1, cand[4][1] = down0;
    cand[5][0] = r + 1, cand[5][1] = down0 + 1;
    int k = 0;
    for (int i = 0; i < 6; i++)
        if (ref_on(s, cand[i][0], cand[i][1])) {
            nr[k] = cand[i][0];
            nc[k] = cand[i][1];
            k++;
        }
    return k;
}

static char ref_stone(int side)
{
    return side ? 'b' : 'r';
}

static int ref_all_neighbours(const ref_state *s, int r, int c, char v)
{
    int nr[6], nc[6];
    int k = ref_neighbours(s, r, c, nr, nc);
    for (int i = 0; i < k; i++)
        if (s->row[nr[i]][nc[i]] != v)
            return 0;
    return 1;
}

static int ref_can_place(const ref_state *s, int r, int c)
{
    return s->row[r][c] == '.' && !ref_all_neighbours(s, r, c, ref_stone(!s->side));
}

static int ref_count(const ref_state *s, char v)
{
    int k = 0;
    for (int r = 0; r < ref_rows(s); r++)
        for (int c = 0; c < ref_len(s, r); c++)
            k += s->row[r][c] == v;
    return k;
}

static int ref_any_placement(const ref_state *s)
{
    for (int r = 0; r < ref_rows(s); r++)
        for (int c = 0; c < ref_len(s, r); c++)
            if (ref_can_place(s, r, c))
                return 1;
    return 0;
}

typedef struct ref_move {
    char kind; /* 'd', '-', '+' */
    int a, b;
} ref_move;

static int ref_moves(const ref_state *s, ref_move *out)
{
    int k = 0;
    if (s->over)
        return 0;
    if (s->phase == 0) {
        for (int lo = 1; lo <= 6; lo++)
            for (int hi = lo; hi <= 6; hi++)
                out[k++] = (ref_move){'d', lo, hi};
        return k;
    }
    for (int r = 0; r < ref_rows(s); r++)
        for (int c = 0; c < ref_len(s, r); c++) {
            if (s->phase == 1 && s->row[r][c] == ref_stone(!s->side))
                out[k++] = (ref_move){'-', r, c};
            if (s->phase == 2 && ref_can_place(s, r, c))
                out[k++] = (ref_move){'+', r, c};
        }
    return k;
}

static void ref_end_turn(ref_state *s)
{
    s->turns++;
    s->side = !s->side;
    s->phase = 0;
    s->lo = s->hi = s->left = 0;
    if (ref_count(s, '.') == 0)
        s->over = 1;
}

static void ref_start_placing(ref_state *s, int count)
{
    s->phase = 2;
    s->left = count;
    if (!ref_any_placement(s))
        ref_end_turn(s);
}

static void ref_apply(ref_state *s, ref_move m)
{
    char own = ref_stone(s->side), enemy = ref_stone(!s->side);
    if (m.kind == 'd') {
        s->lo = m.a;
        s->hi = m.b;
        int e = ref_count(s, enemy);
        if (s->turns == 0)
            ref_start_placing(s, m.a);
        else if (e == 0)
            ref_start_placing(s, m.b);
        else {
            s->phase = 1;
            s->left = m.a < e ? m.a : e;
        }
    } else if (m.kind == '-') {
        s->row[m.a][m.b] = '.';
        if (--s->left == 0)
            ref_start_placing(s, s->hi);
    } else {
        s->row[m.a][m.b] = own;
        int nr[6], nc[6], k = ref_neighbours(s, m.a, m.b, nr, nc), caps = 0;
        int cr[6], cc[6];
        for (int i = 0; i < k; i++)
            if (s->row[nr[i]][nc[i]] == enemy && ref_all_neighbours(s, nr[i], nc[i], own)) {
                cr[caps] = nr[i];
                cc[caps] = nc[i];
                caps++;
            }
        for (int i = 0; i < caps; i++)
            s->row[cr[i]][cc[i]] = '.';
        s->left += caps - 1;
        if (s->left == 0 || !ref_any_placement(s))
            ref_end_turn(s);
    }
}

static void ref_parse(ref_state *s, const char *text)
{
    char turn[8], phase[8], dice[8], board[700];
    memset(s, 0, sizeof *s);
    int k = sscanf(text, "hex size=%d turns=%llu turn=%7s phase=%7s dice=%7s left=%d board=%699s",
                   &s->n, &s->turns, turn, phase, dice, &s->left, board);
    assert_int_equal(k, 7);
    s->side = strcmp(turn, "blue") == 0;
    s->phase = strcmp(phase, "roll") == 0 ? 0 : strcmp(phase, "remove") == 0 ? 1 : 2;
    if (dice[0] != '-')
        assert_int_equal(sscanf(dice, "%d,%d", &s->lo, &s->hi), 2);
    char *p = board;
    for (int r = 0; r < ref_rows(s); r++) {
        int len = ref_len(s, r);
        memcpy(s->row[r], p, (size_t)len);
        p += len + 1;
    }
    s->over = ref_count(s, '.') == 0;
}

static void ref_text(const ref_state *s, char *buf, size_t cap)
{
    static const char *const phases[3] = {"roll", "remove", "place"};
    int k = snprintf(buf, cap, "hex size=%d turns=%llu turn=%s phase=%s dice=", s->n, s->turns,
                     s->side ? "blue" : "red", phases[s->phase]);
    if (s->phase == 0)
        k += snprintf(buf + k, cap - (size_t)k, "-");
    else
        k += snprintf(buf + k, cap - (size_t)k, "%d,%d", s->lo, s->hi);
    k += snprintf(buf + k, cap - (size_t)k, " left=%d board=", s->left);
    for (int r = 0; r < ref_rows(s); r++)
        k += snprintf(buf + k, cap - (size_t)k, "%s%.*s", r ? "/" : "", ref_len(s, r), s->row[r]);
}

static uint64_t ref_perft(const ref_state *s, unsigned depth)
{
    ref_move moves[HERD_HEX_MAX_MOVES];
    int k = ref_moves(s, moves);
    if (depth == 1)
        return (uint64_t)k;
    uint64_t total = 0;
    for (int i = 0; i < k; i++) {
        ref_state child = *s;
        ref_apply(&child, moves[i]);
        total += ref_perft(&child, depth - 1);
    }
    return total;
}

static void ref_move_text(ref_move m, char *buf, size_t cap)
{
    if (m.kind == 'd')
        snprintf(buf, cap, "dice:%d,%d", m.a, m.b);
    else
        snprintf(buf, cap, "%c%c%d", m.kind, 'a' + m.a, m.b + 1);
}

/* -------------------------------------------------------------- basics */

static void hex_new_game_is_an_empty_board_with_red_to_roll(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    expect_position(g, "hex size=5 turns=0 turn=red phase=roll dice=- left=0 board=....."
                       "/....../......./......../........./......../......./....../.....");
    check_status(g, HERD_ONGOING, HERD_HEX_RED, HERD_REASON_NONE);
    assert_int_equal(herd_game_kind(g), HERD_HEX);
    assert_string_equal(herd_game_name(g), "hex");
    assert_string_equal(herd_side_name(g, 0), "red");
    assert_string_equal(herd_side_name(g, 1), "blue");
    assert_int_equal(herd_max_moves(g), HERD_HEX_MAX_MOVES);
    assert_int_equal(herd_max_level(g), 4);
    int v = -1;
    assert_int_equal(size_of(g), 5);
    assert_int_equal(cell_count_of(g), 61);
    int want[9] = {5, 6, 7, 8, 9, 8, 7, 6, 5};
    for (int r = 0; r < 9; r++)
        assert_int_equal(row_length_of(g, r), want[r]);
    assert_int_equal(herd_hex_row_length(g, 9, &v), HERD_E_ARG);
    assert_int_equal(herd_hex_row_length(g, -1, &v), HERD_E_ARG);
    assert_int_equal(v, -1); /* untouched on error */
    assert_int_equal(herd_hex_size(g, NULL), HERD_E_ARG);
    assert_int_equal(phase_of(g), HERD_HEX_ROLL);
    assert_int_equal(left_of(g), 0);
    herd_free(g);
}

static void hex_cell_counts_for_every_size(void **state)
{
    (void)state;
    for (int n = 2; n <= 13; n++) {
        char opt[32];
        snprintf(opt, sizeof opt, "size=%d", n);
        herd_game *g = new_game(opt);
        int total = 0;
        for (int r = 0; r < 2 * n - 1; r++)
            total += row_length_of(g, r);
        assert_int_equal(total, 3 * n * n - 3 * n + 1);
        assert_int_equal(cell_count_of(g), total);
        assert_true(total % 2 == 1); /* no tie is possible */
        herd_free(g);
    }
}

static void hex_typed_creation_and_getters(void **state)
{
    (void)state;
    herd_hex_options opt;
    herd_hex_options_init(&opt, HERD_HEX_OPTIONS_VERSION);
    assert_int_equal(opt.size, 5);
    assert_true(opt.seed == 0);
    opt.size = 4;
    opt.seed = 77;
    herd_game *g = NULL, *h = NULL;
    herd_error err;
    assert_int_equal(herd_hex_new(&opt, NULL, NULL, &g, &err), HERD_OK);
    assert_int_equal(herd_new("hex", "size=4 seed=77", NULL, NULL, &h, &err), HERD_OK);
    assert_true(herd_same_position(g, h));
    herd_free(h);
    assert_int_equal(herd_hex_new(NULL, NULL, NULL, &h, &err), HERD_OK);
    assert_int_equal(size_of(h), 5);
    herd_free(h);

    opt.size = 14;
    h = NULL;
    assert_int_equal(herd_hex_new(&opt, NULL, NULL, &h, &err), HERD_E_RANGE);
    assert_null(h);
    assert_string_equal(err.message, "size=14 is out of range 2..13");
    opt.size = -1;
    assert_int_equal(herd_hex_new(&opt, NULL, NULL, &h, &err), HERD_E_RANGE);
    assert_string_equal(err.message, "size=-1 is out of range 2..13");
    assert_int_equal(herd_hex_new(&opt, NULL, NULL, NULL, &err), HERD_E_ARG);

    assert_int_equal(
        herd_position_from_text(g, "hex size=4 turns=5 turn=blue phase=remove dice=2,4 left=1 "
                                   "board=..../..r../....b./......./.r..../...../...."),
        HERD_OK);
    int lo, hi, side, v = -1;
    uint64_t turns;
    assert_int_equal(phase_of(g), HERD_HEX_REMOVE);
    assert_int_equal(herd_hex_dice(g, &lo, &hi), HERD_OK);
    assert_int_equal(lo, 2);
    assert_int_equal(hi, 4);
    assert_int_equal(left_of(g), 1);
    assert_int_equal(herd_hex_turns(g, &turns), HERD_OK);
    assert_true(turns == 5);
    assert_int_equal(stones_of(g, HERD_HEX_RED), 2);
    assert_int_equal(stones_of(g, HERD_HEX_BLUE), 1);
    assert_int_equal(herd_hex_stones(g, 2, &v), HERD_E_ARG);
    assert_int_equal(herd_hex_at(g, (herd_cell){1, 2}, &side), HERD_OK);
    assert_int_equal(side, HERD_HEX_RED);
    assert_int_equal(herd_hex_at(g, (herd_cell){2, 4}, &side), HERD_OK);
    assert_int_equal(side, HERD_HEX_BLUE);
    assert_int_equal(herd_hex_at(g, (herd_cell){0, 0}, &side), HERD_OK);
    assert_int_equal(side, -1);
    assert_int_equal(herd_hex_at(g, (herd_cell){0, 4}, &side), HERD_E_ARG);
    assert_int_equal(herd_hex_at(g, (herd_cell){7, 0}, &side), HERD_E_ARG);
    assert_int_equal(herd_hex_at(g, (herd_cell){-1, 0}, &side), HERD_E_ARG);

    /* The typed calls refuse other games and NULL. */
    herd_game *horses = NULL;
    if (herd_new("horses", NULL, NULL, NULL, &horses, &err) == HERD_OK) {
        assert_int_equal(herd_hex_size(horses, &v), HERD_E_ARG);
        assert_int_equal(herd_hex_phase(horses, &v), HERD_E_ARG);
        assert_int_equal(herd_hex_at(horses, (herd_cell){0, 0}, &side), HERD_E_ARG);
        herd_free(horses);
    }
    assert_int_equal(herd_hex_size(NULL, &v), HERD_E_ARG);
    assert_int_equal(herd_hex_cell_count(NULL, &v), HERD_E_ARG);
    assert_int_equal(herd_hex_left(NULL, &v), HERD_E_ARG);
    assert_int_equal(herd_hex_dice(NULL, &lo, &hi), HERD_E_ARG);
    assert_int_equal(herd_hex_turns(NULL, &turns), HERD_E_ARG);
    assert_int_equal(herd_hex_stones(NULL, 0, &v), HERD_E_ARG);
    herd_free(g);
}

static void hex_action_texts_round_trip(void **state)
{
    (void)state;
    herd_game *g = new_game("size=13");
    const char *texts[] = {"dice:1,1", "dice:2,6", "+a1", "-a13", "+m25", "-y13", "+y1"};
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        herd_move m = parse_move(g, texts[i]);
        char buf[HERD_MAX_MOVE_TEXT];
        size_t len;
        assert_int_equal(herd_move_to_text(g, m, buf, sizeof buf, &len), HERD_OK);
        assert_string_equal(buf, texts[i]);
        assert_int_equal(len, strlen(texts[i]));
    }
    assert_true(parse_move(g, "+e5") == herd_hex_place_move((herd_cell){4, 4}));
    assert_true(parse_move(g, "-b3") == herd_hex_remove_move((herd_cell){1, 2}));
    assert_true(parse_move(g, "dice:3,5") == herd_hex_dice_move(3, 5));
    /* The decoders give back what the builders put in, and refuse the rest. */
    int kind = 0, lo = 0, hi = 0;
    herd_cell cell = {-1, -1};
    assert_int_equal(herd_hex_move_kind(parse_move(g, "+e5"), &kind), HERD_OK);
    assert_int_equal(kind, HERD_HEX_ACT_PLACE);
    assert_int_equal(herd_hex_move_cell(parse_move(g, "+e5"), &cell), HERD_OK);
    assert_true(cell.row == 4 && cell.col == 4);
    assert_int_equal(herd_hex_move_kind(parse_move(g, "-b3"), &kind), HERD_OK);
    assert_int_equal(kind, HERD_HEX_ACT_REMOVE);
    assert_int_equal(herd_hex_move_kind(parse_move(g, "dice:3,5"), &kind), HERD_OK);
    assert_int_equal(kind, HERD_HEX_ACT_DICE);
    assert_int_equal(herd_hex_move_dice(parse_move(g, "dice:3,5"), &lo, &hi), HERD_OK);
    assert_true(lo == 3 && hi == 5);
    assert_int_equal(herd_hex_move_dice(parse_move(g, "+e5"), &lo, &hi), HERD_E_ARG);
    assert_int_equal(herd_hex_move_cell(parse_move(g, "dice:3,5"), &cell), HERD_E_ARG);
    assert_int_equal(herd_hex_move_kind(0, &kind), HERD_E_ARG);
    assert_int_equal(herd_hex_move_kind(UINT64_C(4) << 16, &kind), HERD_E_ARG);
    assert_int_equal(herd_hex_move_kind(UINT64_C(1) << 40 | herd_hex_dice_move(1, 1), &kind),
                     HERD_E_ARG);
    assert_true(herd_hex_place_move((herd_cell){256, 0}) == 0);
    assert_true(herd_hex_place_move((herd_cell){0, -1}) == 0);
    char buf[HERD_MAX_MOVE_TEXT];
    size_t len;
    assert_int_equal(herd_move_to_text(g, 0, buf, sizeof buf, &len), HERD_E_ARG);
    assert_int_equal(herd_move_to_text(g, UINT64_C(0x123456789), buf, sizeof buf, &len),
                     HERD_E_ARG);
    assert_int_equal(
        herd_move_to_text(g, herd_hex_place_move((herd_cell){30, 0}), buf, sizeof buf, &len),
        HERD_E_ARG);
    herd_free(g);
}

/* ------------------------------------------------------------ captures */

static void hex_capture_on_corner_cell(void **state)
{
    (void)state;
    /* Blue on the corner a1 (neighbours a2, b1, b2); red holds a2 and b1. */
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=place dice=1,3 left=1 "
                           "board=br./r.../...../..../...");
    play(g, "+b2");
    /* Captured: a1 is empty again and the capture gave one more placement. */
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=1,3 left=1 "
                       "board=.r./rr../...../..../...");
    assert_int_equal(stones_of(g, HERD_HEX_BLUE), 0);
    assert_int_equal(stones_of(g, HERD_HEX_RED), 3);
    herd_free(g);

    /* The opposite corner e3 (neighbours e2, d3, d4), Blue capturing. */
    g = game_at("hex size=3 turns=3 turn=blue phase=place dice=2,2 left=2 "
                "board=.../..../...../..b./.br");
    play(g, "+d4");
    expect_position(g, "hex size=3 turns=3 turn=blue phase=place dice=2,2 left=2 "
                       "board=.../..../...../..bb/.b.");
    herd_free(g);

    /* With one neighbour empty, nothing is captured. */
    g = game_at("hex size=3 turns=2 turn=red phase=place dice=1,3 left=2 "
                "board=b../r.../...../..../...");
    play(g, "+b2");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=1,3 left=1 "
                       "board=b../rr../...../..../...");
    herd_free(g);
}

static void hex_capture_on_edge_cell(void **state)
{
    (void)state;
    /* Blue on the edge a2 (neighbours a1, a3, b2, b3). */
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=place dice=1,3 left=1 "
                           "board=rbr/.r../...../..../...");
    play(g, "+b3");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=1,3 left=1 "
                       "board=r.r/.rr./...../..../...");
    herd_free(g);

    /* Blue on the left edge d1 (neighbours d2, c1, c2, e1). */
    g = game_at("hex size=3 turns=2 turn=red phase=place dice=2,3 left=3 "
                "board=.../..../rr.../br../...");
    play(g, "+e1");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=2,3 left=3 "
                       "board=.../..../rr.../.r../r..");
    herd_free(g);
}

static void hex_one_placement_captures_two_and_earns_two_more(void **state)
{
    (void)state;
    /* a2 touches both blue corners a1 and a3, each otherwise all red. */
    herd_game *g = game_at("hex size=3 turns=4 turn=red phase=place dice=2,4 left=1 "
                           "board=b.b/rrrr/...b./..../...");
    play(g, "+a2");
    expect_position(g, "hex size=3 turns=4 turn=red phase=place dice=2,4 left=2 "
                       "board=.r./rrrr/...b./..../...");
    assert_int_equal(stones_of(g, HERD_HEX_BLUE), 1);
    play(g, "+c1");
    play(g, "+e3");
    expect_position(g, "hex size=3 turns=5 turn=blue phase=roll dice=- left=0 "
                       "board=.r./rrrr/r..b./..../..r");
    herd_free(g);
}

static void hex_capture_chain(void **state)
{
    (void)state;
    /* Blue on the corners a1 and e1. The last placement captures a1, the
     * extra placement captures e1, and that one earns another. */
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=place dice=1,2 left=1 "
                           "board=br./r.../...../.r../br.");
    play(g, "+b2");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=1,2 left=1 "
                       "board=.r./rr../...../.r../br.");
    play(g, "+d1");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=1,2 left=1 "
                       "board=.r./rr../...../rr../.r.");
    play(g, "+a1");
    expect_position(g, "hex size=3 turns=3 turn=blue phase=roll dice=- left=0 "
                       "board=rr./rr../...../rr../.r.");
    herd_free(g);
}

static void hex_removals_never_capture(void **state)
{
    (void)state;
    /* A removal takes exactly the stone named: no capture is looked for
     * around it and no placement is added. */
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=remove dice=2,3 left=2 "
                           "board=r../bb../rb.../r.../...");
    play(g, "-c2");
    expect_position(g, "hex size=3 turns=2 turn=red phase=remove dice=2,3 left=1 "
                       "board=r../bb../r..../r.../...");
    play(g, "-b2");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=2,3 left=3 "
                       "board=r../b.../r..../r.../...");
    herd_free(g);
}

/* ---------------------------------------------------------- prohibited */

static void hex_prohibited_cell_on_the_edge(void **state)
{
    (void)state;
    /* a2 is empty and its neighbours a1, a3, b2, b3 are all blue. */
    const char *text = "hex size=3 turns=2 turn=red phase=place dice=1,3 left=2 "
                       "board=b.b/.bb./...../..../...";
    herd_game *g = game_at(text);
    assert_false(is_legal_text(g, "+a2"));
    assert_true(is_legal_text(g, "+b1"));
    expect_refused(g, parse_move(g, "+a2"), HERD_E_ILLEGAL,
                   "a2 is prohibited: every neighbour is blue");
    /* The same cell is fine for Blue. */
    herd_game *b = game_at("hex size=3 turns=3 turn=blue phase=place dice=1,3 left=2 "
                           "board=b.b/.bb./...../..../...");
    assert_true(is_legal_text(b, "+a2"));
    herd_free(b);
    /* And on a corner: a1 with a2, b1, b2 blue. */
    herd_game *c = game_at("hex size=3 turns=2 turn=red phase=place dice=1,3 left=2 "
                           "board=.b./bb../...../..../...");
    assert_false(is_legal_text(c, "+a1"));
    expect_refused(c, parse_move(c, "+a1"), HERD_E_ILLEGAL, "a1 is prohibited");
    herd_free(c);
    /* One friendly neighbour is enough. */
    herd_game *d = game_at("hex size=3 turns=2 turn=red phase=place dice=1,3 left=2 "
                           "board=.b./br../...../..../...");
    assert_true(is_legal_text(d, "+a1"));
    herd_free(d);
    expect_position(g, text);
    herd_free(g);
}

/* ---------------------------------------------------------- dice rules */

static void hex_balancing_rule_first_turn_places_the_lower_die(void **state)
{
    (void)state;
    herd_game *g = new_game("size=3 seed=1");
    play(g, "dice:2,5");
    expect_position(g, "hex size=3 turns=0 turn=red phase=place dice=2,5 left=2 "
                       "board=.../..../...../..../...");
    assert_int_equal(legal_count(g), 19);
    play(g, "+c3");
    play(g, "+a1");
    expect_position(g, "hex size=3 turns=1 turn=blue phase=roll dice=- left=0 "
                       "board=r../..../..r../..../...");
    /* Blue's turn is an ordinary one: remove the lower die, place the higher. */
    play(g, "dice:2,5");
    assert_int_equal(phase_of(g), HERD_HEX_REMOVE);
    assert_int_equal(left_of(g), 2);
    herd_free(g);

    /* A rolled first turn always places the lower die, whatever the seed. */
    for (uint64_t seed = 0; seed < 50; seed++) {
        char opt[40];
        snprintf(opt, sizeof opt, "size=2 seed=%llu", (unsigned long long)seed);
        herd_game *h = new_game(opt);
        herd_move m;
        int lo, hi;
        assert_int_equal(herd_roll(h, &m), HERD_OK);
        assert_int_equal(herd_hex_dice(h, &lo, &hi), HERD_OK);
        assert_true(m == herd_hex_dice_move(lo, hi));
        assert_int_equal(phase_of(h), HERD_HEX_PLACE);
        assert_int_equal(left_of(h), lo);
        herd_free(h);
    }
}

static void hex_fewer_enemy_stones_than_the_lower_die(void **state)
{
    (void)state;
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=roll dice=- left=0 "
                           "board=r../..../..b../..../...");
    play(g, "dice:3,4");
    /* Blue has one stone: one removal, not three. */
    expect_position(g, "hex size=3 turns=2 turn=red phase=remove dice=3,4 left=1 "
                       "board=r../..../..b../..../...");
    play(g, "-c3");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=3,4 left=4 "
                       "board=r../..../...../..../...");
    herd_free(g);

    g = game_at("hex size=3 turns=2 turn=red phase=roll dice=- left=0 "
                "board=r../..../..b../...b/...");
    play(g, "dice:5,6");
    assert_int_equal(left_of(g), 2);
    herd_free(g);
}

static void hex_enemy_without_stones_means_placing_at_once(void **state)
{
    (void)state;
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=roll dice=- left=0 "
                           "board=r../..../..r../..../...");
    play(g, "dice:3,4");
    expect_position(g, "hex size=3 turns=2 turn=red phase=place dice=3,4 left=4 "
                       "board=r../..../..r../..../...");
    herd_free(g);
}

static void hex_doubles_remove_and_place_the_same_number(void **state)
{
    (void)state;
    herd_game *g = game_at("hex size=3 turns=1 turn=blue phase=roll dice=- left=0 "
                           "board=rrr/..../..b../..../...");
    play(g, "dice:2,2");
    expect_position(g, "hex size=3 turns=1 turn=blue phase=remove dice=2,2 left=2 "
                       "board=rrr/..../..b../..../...");
    play(g, "-a1");
    play(g, "-a3");
    expect_position(g, "hex size=3 turns=1 turn=blue phase=place dice=2,2 left=2 "
                       "board=.r./..../..b../..../...");
    play(g, "+e1");
    play(g, "+e2");
    expect_position(g, "hex size=3 turns=2 turn=red phase=roll dice=- left=0 "
                       "board=.r./..../..b../..../bb.");
    herd_free(g);
}

static void hex_dice_probabilities_sum_to_one_and_doubles_are_one_in_36(void **state)
{
    (void)state;
    herd_game *g = new_game("size=3");
    herd_move out[32];
    double p[32];
    size_t n = 0;
    assert_true(herd_is_chance(g));
    assert_int_equal(herd_chance_outcomes(g, out, p, 32, &n), HERD_OK);
    assert_int_equal(n, 21);
    double sum = 0;
    int doubles = 0;
    for (size_t i = 0; i < n; i++) {
        char buf[HERD_MAX_MOVE_TEXT];
        size_t len;
        int lo, hi;
        assert_int_equal(herd_move_to_text(g, out[i], buf, sizeof buf, &len), HERD_OK);
        assert_int_equal(sscanf(buf, "dice:%d,%d", &lo, &hi), 2);
        assert_true(1 <= lo && lo <= hi && hi <= 6);
        if (lo == hi) {
            assert_float_equal(p[i], 1.0 / 36, 1e-15);
            doubles++;
        } else
            assert_float_equal(p[i], 2.0 / 36, 1e-15);
        sum += p[i];
        assert_true(herd_is_legal(g, out[i]));
    }
    assert_int_equal(doubles, 6);
    assert_float_equal(sum, 1.0, 1e-12);
    /* The same outcomes are the legal actions while rolling. */
    herd_move legal[HERD_HEX_MAX_MOVES];
    size_t nl;
    assert_int_equal(herd_legal_moves(g, legal, HERD_HEX_MAX_MOVES, &nl), HERD_OK);
    assert_int_equal(nl, 21);
    assert_memory_equal(legal, out, 21 * sizeof *out);
    /* Too small a buffer reports the count. */
    assert_int_equal(herd_chance_outcomes(g, out, p, 5, &n), HERD_E_BUFFER);
    assert_int_equal(n, 21);

    /* No chance event once the dice are rolled. */
    play(g, "dice:1,3");
    assert_false(herd_is_chance(g));
    assert_int_equal(herd_chance_outcomes(g, out, p, 32, &n), HERD_E_STATE);
    herd_move m;
    assert_int_equal(herd_roll(g, &m), HERD_E_STATE);
    herd_free(g);

    /* The generator's rolls follow the probabilities (36000 rolls; setting
     * the position again keeps the generator going). */
    g = new_game("size=2 seed=9");
    int count[7][7] = {{0}};
    for (int i = 0; i < 36000; i++) {
        int lo, hi;
        assert_int_equal(herd_roll(g, &m), HERD_OK);
        herd_hex_dice(g, &lo, &hi);
        count[lo][hi]++;
        assert_int_equal(herd_position_from_text(g, "hex size=2 turns=0 turn=red phase=roll "
                                                    "dice=- left=0 board=../.../.."),
                         HERD_OK);
    }
    for (int lo = 1; lo <= 6; lo++)
        for (int hi = lo; hi <= 6; hi++) {
            double want = lo == hi ? 1000 : 2000;
            assert_true(count[lo][hi] > want * 0.8 && count[lo][hi] < want * 1.2);
        }
    herd_free(g);
}

/* The first rolls of a seeded game, each from Red's first turn. */
static void roll_sequence(const char *options, herd_move *out, int count)
{
    herd_game *g = new_game(options);
    for (int i = 0; i < count; i++) {
        assert_int_equal(herd_roll(g, &out[i]), HERD_OK);
        assert_int_equal(herd_position_from_text(g, "hex size=2 turns=0 turn=red phase=roll "
                                                    "dice=- left=0 board=../.../.."),
                         HERD_OK);
    }
    herd_free(g);
}

static void hex_same_seed_gives_the_same_dice(void **state)
{
    (void)state;
    herd_move a[40], b[40], c[40];
    roll_sequence("size=4 seed=123456789", a, 40);
    roll_sequence("size=9 seed=123456789", b, 40);
    roll_sequence("size=4 seed=123456790", c, 40);
    assert_memory_equal(a, b, sizeof a);
    assert_true(memcmp(a, c, sizeof a) != 0);
    /* Pinned: the first rolls of seed 1 (xoshiro256** through herd_roll). */
    herd_game *g = new_game("size=3 seed=1");
    herd_move m;
    assert_int_equal(herd_roll(g, &m), HERD_OK);
    char buf[HERD_MAX_MOVE_TEXT];
    size_t len;
    assert_int_equal(herd_move_to_text(g, m, buf, sizeof buf, &len), HERD_OK);
    assert_string_equal(buf, PINNED_FIRST_ROLL_SEED_1);
    herd_free(g);

    /* Two games of one seed played by the computer stay identical, and an
     * undo of a roll rewinds the generator. */
    herd_game *x = new_game("size=4 seed=99"), *y = new_game("size=4 seed=99");
    for (int i = 0; i < 300; i++) {
        herd_status st;
        herd_get_status(x, &st);
        if (st.result != HERD_ONGOING)
            break;
        herd_move mx, my;
        if (herd_is_chance(x)) {
            assert_int_equal(herd_roll(x, &mx), HERD_OK);
            assert_int_equal(herd_undo(x), HERD_OK);
            assert_true(herd_same_position(x, y));
            assert_int_equal(herd_roll(x, &mx), HERD_OK);
            assert_int_equal(herd_roll(y, &my), HERD_OK);
        } else {
            assert_int_equal(herd_play_genmove(x, 1, &mx), HERD_OK);
            assert_int_equal(herd_play_genmove(y, 1, &my), HERD_OK);
        }
        assert_true(mx == my);
        assert_true(herd_same_position(x, y));
    }
    herd_free(x);
    herd_free(y);
}

/* ------------------------------------------------------------ turn end */

static void hex_turn_ends_early_when_only_prohibited_cells_are_left(void **state)
{
    (void)state;
    /* Size 2: a1 is empty with blue neighbours only; b3 is Red's last cell. */
    herd_game *g = game_at("hex size=2 turns=2 turn=red phase=place dice=1,3 left=3 "
                           "board=.b/bb./rr");
    assert_int_equal(legal_count(g), 1);
    play(g, "+b3");
    /* Two placements are lost; Blue rolls. */
    expect_position(g, "hex size=2 turns=3 turn=blue phase=roll dice=- left=0 board=.b/bbr/rr");
    check_status(g, HERD_ONGOING, HERD_HEX_BLUE, HERD_REASON_NONE);
    herd_free(g);

    /* The last removal can leave no legal placement at all: the turn ends
     * without a placement. */
    g = game_at("hex size=2 turns=2 turn=red phase=remove dice=1,4 left=1 board=.b/bbb/bb");
    play(g, "-c2");
    expect_position(g, "hex size=2 turns=3 turn=blue phase=roll dice=- left=0 board=.b/bbb/b.");
    herd_free(g);
}

static void hex_capture_on_the_last_empty_cell_reopens_it(void **state)
{
    (void)state;
    /* a1 is the last empty cell; a red stone there captures a2. */
    herd_game *g = game_at("hex size=2 turns=2 turn=red phase=place dice=1,2 left=1 "
                           "board=.b/rrr/bb");
    play(g, "+a1");
    expect_position(g, "hex size=2 turns=2 turn=red phase=place dice=1,2 left=1 "
                       "board=r./rrr/bb");
    check_status(g, HERD_ONGOING, HERD_HEX_RED, HERD_REASON_NONE);
    play(g, "+a2");
    expect_position(g, "hex size=2 turns=3 turn=blue phase=roll dice=- left=0 board=rr/rrr/bb");
    check_status(g, HERD_WIN, HERD_HEX_RED, HERD_REASON_FULL);
    herd_free(g);
}

static void hex_game_ends_the_instant_the_board_is_full(void **state)
{
    (void)state;
    /* Red fills the board with placements to spare, and Blue has more. */
    herd_game *g = game_at("hex size=2 turns=2 turn=red phase=place dice=2,3 left=3 "
                           "board=.b/rbr/bb");
    play(g, "+a1");
    const char *end = "hex size=2 turns=3 turn=blue phase=roll dice=- left=0 board=rb/rbr/bb";
    expect_position(g, end);
    check_status(g, HERD_WIN, HERD_HEX_BLUE, HERD_REASON_FULL);
    assert_string_equal(herd_reason_name(HERD_REASON_FULL), "full");
    assert_int_equal(legal_count(g), 0);
    assert_false(herd_is_chance(g));
    herd_move m = 0;
    assert_int_equal(herd_roll(g, &m), HERD_E_STATE);
    assert_int_equal(herd_genmove(g, 1, &m), HERD_E_STATE);
    expect_refused(g, herd_hex_dice_move(1, 1), HERD_E_STATE, "over");
    uint64_t nodes = 99;
    assert_int_equal(herd_perft(g, 3, &nodes), HERD_OK);
    assert_true(nodes == 0);
    /* The ended position reads back as ended. */
    herd_game *h = game_at(end);
    check_status(h, HERD_WIN, HERD_HEX_BLUE, HERD_REASON_FULL);
    herd_free(h);
    /* Undo brings the game back. */
    assert_int_equal(herd_undo(g), HERD_OK);
    check_status(g, HERD_ONGOING, HERD_HEX_RED, HERD_REASON_NONE);
    herd_free(g);
}

/* ----------------------------------------------------------- computer */

static void hex_computer_player_takes_a_capture_when_there_is_one(void **state)
{
    (void)state;
    for (uint64_t seed = 0; seed < 20; seed++) {
        herd_move m;
        char opt[64];
        snprintf(opt, sizeof opt, "size=3 seed=%llu", (unsigned long long)seed);
        herd_game *s = new_game(opt);
        assert_int_equal(herd_position_from_text(s,
                                                 "hex size=3 turns=2 turn=red phase=place "
                                                 "dice=1,3 left=1 board=br./r.../...../..../..."),
                         HERD_OK);
        assert_int_equal(herd_genmove(s, 0, &m), HERD_OK);
        assert_true(m == parse_move(s, "+b2"));
        assert_int_equal(herd_genmove(s, 5, &m), HERD_E_RANGE);
        herd_free(s);
    }
    herd_game *g = new_game("size=3");
    herd_move m;
    assert_int_equal(herd_genmove(g, 1, &m), HERD_E_STATE); /* roll first */
    herd_free(g);
}

/* ------------------------------------------------------------ bad input */

typedef struct bad_text {
    const char *text;
    int code;
    const char *msg; /* a part of the message */
} bad_text;

static void hex_bad_positions_are_refused_and_change_nothing(void **state)
{
    (void)state;
#define B3 " board=.../..../...../..../..."
    static const bad_text cases[] = {
        {"", HERD_E_PARSE, "not a hex position"},
        {"hex", HERD_E_PARSE, "not a hex position"},
        {"horses w=8 h=8 turn=green green=a1 red=h8", HERD_E_PARSE, "not a hex position"},
        {"hex size=3", HERD_E_PARSE, "turns=K"},
        {"hex turns=0 size=3 turn=red phase=roll dice=- left=0" B3, HERD_E_PARSE, "size=N"},
        {"hex size=03 turns=0 turn=red phase=roll dice=- left=0" B3, HERD_E_PARSE, "size=N"},
        {"hex size=3 turns=0 turn=green phase=roll dice=- left=0" B3, HERD_E_PARSE, "turn=red"},
        {"hex size=3 turns=0 turn=reds phase=roll dice=- left=0" B3, HERD_E_PARSE, "turn=red"},
        {"hex size=3 turns=0 turn=red phase=rolling dice=- left=0" B3, HERD_E_PARSE, "phase="},
        {"hex size=3 turns=0 turn=red phase=roll dice= left=0" B3, HERD_E_PARSE, "dice="},
        {"hex size=3 turns=0 turn=red phase=roll left=0" B3, HERD_E_PARSE,
         "dice=L,H or dice=- expected"},
        {"hex size=3 turns=0 turn=red phase=roll dice=1-2 left=0" B3, HERD_E_PARSE, "dice="},
        {"hex size=3 turns=0 turn=red phase=roll dice=- left=-1" B3, HERD_E_PARSE, "left=C"},
        {"hex size=3 turns=0 turn=red phase=roll dice=- left=0", HERD_E_PARSE, "board="},
        {"hex size=3 turns=0 turn=red phase=roll dice=- left=0" B3 " x", HERD_E_PARSE, "follow"},
        {"hex size=3 turns=0 turn=red phase=roll dice=- left=0" B3 " ", HERD_E_PARSE,
         "no blanks around it"},
        {"hex size=3  turns=0 turn=red phase=roll dice=- left=0" B3, HERD_E_PARSE, "turns=K"},
        {"hex size=99999999999999999999 turns=0 turn=red phase=roll dice=- left=0" B3, HERD_E_PARSE,
         "size=N"},
        {"hex size=1 turns=0 turn=red phase=roll dice=- left=0 board=.", HERD_E_POSITION,
         "size=1 is out of range 2..13"},
        {"hex size=14 turns=0 turn=red phase=roll dice=- left=0" B3, HERD_E_POSITION,
         "size=14 is out of range 2..13"},
        {"hex size=3 turns=0 turn=blue phase=roll dice=- left=0" B3, HERD_E_POSITION,
         "turn=blue does not fit turns=0"},
        {"hex size=3 turns=7 turn=red phase=roll dice=- left=0" B3, HERD_E_POSITION,
         "turn=red does not fit turns=7"},
        {"hex size=3 turns=2 turn=red phase=roll dice=- left=0 board=.../..../...../....",
         HERD_E_POSITION, "the board has 4 rows; size 3 needs 5"},
        {"hex size=3 turns=2 turn=red phase=roll dice=- left=0 board=.../..../...../..../.../...",
         HERD_E_POSITION, "the board has 6 rows"},
        {"hex size=3 turns=2 turn=red phase=roll dice=- left=0 board=.../..../....../..../...",
         HERD_E_POSITION, "row c has 6 cells; size 3 needs 5"},
        {"hex size=3 turns=2 turn=red phase=roll dice=- left=0 board=", HERD_E_POSITION,
         "row a has 0 cells"},
        {"hex size=3 turns=2 turn=red phase=roll dice=- left=0 board=.../..x./...../..../...",
         HERD_E_POSITION, "row b has 'x' at 3"},
        {"hex size=3 turns=2 turn=red phase=roll dice=- left=0 board=.../..../..R../..../...",
         HERD_E_POSITION, "row c has 'R'"},
        {"hex size=3 turns=2 turn=red phase=roll dice=1,2 left=0" B3, HERD_E_POSITION,
         "phase=roll needs dice=-"},
        {"hex size=3 turns=2 turn=red phase=place dice=- left=1" B3, HERD_E_POSITION,
         "dice=- is only for phase=roll"},
        {"hex size=3 turns=2 turn=red phase=remove dice=- left=1" B3, HERD_E_POSITION,
         "dice=- is only for phase=roll"},
        {"hex size=3 turns=2 turn=red phase=roll dice=- left=1" B3, HERD_E_POSITION,
         "left=1 while rolling"},
        {"hex size=3 turns=2 turn=red phase=place dice=7,1 left=1" B3, HERD_E_POSITION,
         "dice=7,1 is not a dice outcome"},
        {"hex size=3 turns=2 turn=red phase=place dice=3,2 left=1" B3, HERD_E_POSITION,
         "dice=3,2 is not a dice outcome"},
        {"hex size=3 turns=2 turn=red phase=place dice=0,1 left=1" B3, HERD_E_POSITION,
         "not a dice outcome"},
        {"hex size=3 turns=0 turn=red phase=remove dice=1,2 left=1" B3, HERD_E_POSITION,
         "nothing is removed on red's first turn"},
        {"hex size=3 turns=0 turn=red phase=roll dice=- left=0 board=.../..../..b../..../...",
         HERD_E_POSITION, "blue has not played yet"},
        {"hex size=3 turns=0 turn=red phase=roll dice=- left=0 board=.../..../..r../..../...",
         HERD_E_POSITION, "red has 1 stones, but red has placed 0"},
        {"hex size=3 turns=0 turn=red phase=place dice=3,4 left=1 board=.../..../..r../..../...",
         HERD_E_POSITION, "red has placed 2"},
        {"hex size=3 turns=0 turn=red phase=place dice=3,4 left=4" B3, HERD_E_POSITION,
         "left=4 is out of range 1..3"},
        {"hex size=2 turns=2 turn=red phase=place dice=1,2 left=1 board=rb/rbr/bb", HERD_E_POSITION,
         "the board is full"},
        {"hex size=2 turns=2 turn=red phase=remove dice=1,2 left=1 board=rb/rbr/bb",
         HERD_E_POSITION, "the board is full"},
        {"hex size=3 turns=2 turn=red phase=remove dice=2,2 left=0 board=b../..../...../..../...",
         HERD_E_POSITION, "left=0 is out of range 1..1"},
        {"hex size=3 turns=2 turn=red phase=remove dice=2,2 left=2 board=b../..../...../..../...",
         HERD_E_POSITION, "left=2 is out of range 1..1"},
        {"hex size=3 turns=2 turn=red phase=remove dice=1,2 left=2 board=bbb/..../...../..../...",
         HERD_E_POSITION, "left=2 is out of range 1..1"},
        {"hex size=3 turns=2 turn=red phase=remove dice=1,2 left=1" B3, HERD_E_POSITION,
         "out of range 1..0"},
        {"hex size=3 turns=2 turn=red phase=place dice=1,2 left=0" B3, HERD_E_POSITION,
         "left=0 is out of range 1..20"},
        {"hex size=2 turns=2 turn=red phase=place dice=1,2 left=3 board=.b/rbr/bb", HERD_E_POSITION,
         "left=3 is out of range 1..2"},
        {"hex size=3 turns=2 turn=red phase=place dice=1,2 left=99999999999" B3, HERD_E_POSITION,
         "out of range"},
        {"hex size=2 turns=2 turn=red phase=place dice=1,2 left=1 board=.b/bbr/rr", HERD_E_POSITION,
         "red has no legal placement"},
    };
#undef B3
    herd_game *g = game_at("hex size=3 turns=4 turn=red phase=place dice=2,4 left=1 "
                           "board=b.b/rrrr/...b./..../...");
    herd_game *before = NULL;
    assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
    char text0[HERD_MAX_POSITION_TEXT], text1[HERD_MAX_POSITION_TEXT];
    position_text(g, text0);
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        int rc = herd_position_from_text(g, cases[i].text);
        if (rc != cases[i].code || !strstr(herd_last_error(g), cases[i].msg))
            fail_msg("'%s': got %d '%s', wanted %d '%s'", cases[i].text, rc, herd_last_error(g),
                     cases[i].code, cases[i].msg);
        position_text(g, text1);
        assert_string_equal(text0, text1);
        assert_true(herd_same_position(g, before));
    }
    assert_int_equal(herd_position_from_text(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_position_from_text(NULL, "hex"), HERD_E_ARG);
    herd_free(before);
    herd_free(g);
}

static void hex_bad_action_texts_are_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "",     "dice:", "dice:1", "dice:1,", "dice:1,2x", "dice: 1,2", "dice:01,2", "dice:1,2,3",
        "+",    "-",     "+a0",    "+A1",     "+a1x",      "a1",        "*a1",       "+a01",
        "+ a1", "roll",  "+f1",    "+a4",     "-e4",       "+c6",       "+z1",       "+a256",
    };
    herd_game *g = new_game("size=3");
    char text0[HERD_MAX_POSITION_TEXT], text1[HERD_MAX_POSITION_TEXT];
    position_text(g, text0);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        herd_move m = 12345;
        int rc = herd_move_from_text(g, bad[i], &m);
        if (rc != HERD_E_PARSE)
            fail_msg("'%s' gave %d, wanted HERD_E_PARSE", bad[i], rc);
        assert_true(m == 12345);
        assert_true(strlen(herd_last_error(g)) > 0);
    }
    herd_move m;
    assert_int_equal(herd_move_from_text(g, "dice:7,1", &m), HERD_E_PARSE);
    assert_string_equal(herd_last_error(g), "dice:7,1 is not a dice outcome");
    assert_int_equal(herd_move_from_text(g, "+f1", &m), HERD_E_PARSE);
    assert_string_equal(herd_last_error(g), "f1 is not on the board of size 3");
    assert_int_equal(herd_move_from_text(g, NULL, &m), HERD_E_ARG);
    position_text(g, text1);
    assert_string_equal(text0, text1);
    herd_free(g);
}

static void hex_illegal_actions_are_refused_and_change_nothing(void **state)
{
    (void)state;
    /* While rolling. */
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=roll dice=- left=0 "
                           "board=r../..../..b../..../...");
    expect_refused(g, parse_move(g, "+a2"), HERD_E_ILLEGAL, "roll the dice first");
    expect_refused(g, parse_move(g, "-c3"), HERD_E_ILLEGAL, "roll the dice first");
    expect_refused(g, herd_hex_dice_move(7, 1), HERD_E_ILLEGAL, "dice:7,1 is not a dice outcome");
    expect_refused(g, herd_hex_dice_move(4, 3), HERD_E_ILLEGAL, "dice:4,3 is not a dice outcome");
    /* The dice in the wrong order: another value than the roll, and no text. */
    char text[HERD_MAX_MOVE_TEXT];
    assert_true(herd_hex_dice_move(4, 3) != herd_hex_dice_move(3, 4));
    assert_int_equal(herd_move_to_text(g, herd_hex_dice_move(4, 3), text, sizeof text, NULL),
                     HERD_E_ARG);
    expect_refused(g, herd_hex_dice_move(0, 0), HERD_E_ILLEGAL, "not a dice outcome");
    expect_refused(g, 0, HERD_E_ILLEGAL, "not a hex action");
    expect_refused(g, UINT64_C(0x40000), HERD_E_ILLEGAL, "not a hex action");
    expect_refused(g, UINT64_C(0x1000030101), HERD_E_ILLEGAL, "not a hex action");
    herd_free(g);

    /* While removing. */
    g = game_at("hex size=3 turns=2 turn=red phase=remove dice=2,3 left=2 "
                "board=r../bb../rb.../r.../...");
    expect_refused(g, parse_move(g, "dice:1,2"), HERD_E_ILLEGAL, "the dice are already rolled");
    expect_refused(g, parse_move(g, "+e1"), HERD_E_ILLEGAL, "remove 2 more blue stones first");
    expect_refused(g, parse_move(g, "-a1"), HERD_E_ILLEGAL, "remove a blue stone: a1 is not one");
    expect_refused(g, parse_move(g, "-e1"), HERD_E_ILLEGAL, "remove a blue stone: e1 is not one");
    expect_refused(g, herd_hex_remove_move((herd_cell){0, 3}), HERD_E_ILLEGAL,
                   "a4 is not on the board");
    expect_refused(g, herd_hex_remove_move((herd_cell){40, 3}), HERD_E_ILLEGAL,
                   "is not on the board");
    herd_free(g);

    /* While placing (Blue). */
    g = game_at("hex size=3 turns=3 turn=blue phase=place dice=2,3 left=2 "
                "board=r.r/rrr./...../..../...");
    expect_refused(g, parse_move(g, "+a1"), HERD_E_ILLEGAL, "a1 is occupied");
    expect_refused(g, parse_move(g, "-a1"), HERD_E_ILLEGAL,
                   "no removal is left: place a blue stone");
    expect_refused(g, parse_move(g, "+a2"), HERD_E_ILLEGAL,
                   "a2 is prohibited: every neighbour is red");
    expect_refused(g, herd_hex_place_move((herd_cell){4, 3}), HERD_E_ILLEGAL,
                   "e4 is not on the board");
    expect_refused(g, parse_move(g, "dice:6,6"), HERD_E_ILLEGAL, "already rolled");
    herd_free(g);

    assert_int_equal(herd_apply(NULL, 0), HERD_E_ARG);
}

static void hex_bad_options_are_refused(void **state)
{
    (void)state;
    static const bad_text cases[] = {
        {"size=1", HERD_E_RANGE, "size=1 is out of range 2..13"},
        {"size=14", HERD_E_RANGE, "size=14 is out of range 2..13"},
        {"size=0", HERD_E_RANGE, "size=0 is out of range 2..13"},
        {"size=18446744073709551615", HERD_E_RANGE, "out of range 2..13"},
        {"size=18446744073709551616", HERD_E_RANGE,
         "size=18446744073709551616 is out of range 2..13"},
        {"seed=18446744073709551616", HERD_E_RANGE, "out of range 0..18446744073709551615"},
        {"size=-3", HERD_E_RANGE, "size=-3 is out of range 2..13"},
        {"size=x", HERD_E_PARSE, "size"},
        {"size", HERD_E_PARSE, "KEY=VALUE"},
        {"size=5 size=5", HERD_E_PARSE, "twice"},
        {"w=8", HERD_E_UNKNOWN, "w"},
        {"color=1", HERD_E_UNKNOWN, "color"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = NULL;
        herd_error err;
        int rc = herd_new("hex", cases[i].text, NULL, NULL, &g, &err);
        if (rc != cases[i].code || err.code != rc || !strstr(err.message, cases[i].msg))
            fail_msg("'%s': got %d '%s', wanted %d '%s'", cases[i].text, rc, err.message,
                     cases[i].code, cases[i].msg);
        assert_null(g);
    }
    /* The exact message of the brief. */
    herd_game *g = NULL;
    herd_error err;
    assert_int_equal(herd_new("hex", "size=14", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_string_equal(err.message, "size=14 is out of range 2..13");
    assert_int_equal(herd_new("hex", "size=1", NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_string_equal(err.message, "size=1 is out of range 2..13");
    /* Good ones. */
    assert_int_equal(herd_new("hex", "size=2 seed=18446744073709551615", NULL, NULL, &g, &err),
                     HERD_OK);
    herd_free(g);
    assert_int_equal(herd_new("hex", "  seed=5   size=13 ", NULL, NULL, &g, &err), HERD_OK);
    assert_int_equal(size_of(g), 13);
    herd_free(g);
}

static void hex_short_buffers_are_refused_and_left_alone(void **state)
{
    (void)state;
    herd_game *g = new_game("size=2");
    char buf[8] = "xxxxxxx";
    size_t len;
    assert_int_equal(herd_position_to_text(g, buf, sizeof buf, &len), HERD_E_BUFFER);
    assert_int_equal(len, strlen("hex size=2 turns=0 turn=red phase=roll dice=- left=0 "
                                 "board=../.../.."));
    assert_string_equal(buf, "xxxxxxx");
    herd_move moves[4];
    size_t n;
    assert_int_equal(herd_legal_moves(g, moves, 4, &n), HERD_E_BUFFER);
    assert_int_equal(n, 21);
    char show[512];
    assert_int_equal(herd_show(g, show, sizeof show, &len), HERD_OK);
    assert_non_null(strstr(show, "Red to roll"));
    herd_free(g);
}

/* ----------------------------------------------------------- perft */

typedef struct perft_case {
    const char *position;
    unsigned depth;
} perft_case;

static void hex_perft_matches_an_independent_counter(void **state)
{
    (void)state;
    static const perft_case cases[] = {
        {"hex size=2 turns=0 turn=red phase=roll dice=- left=0 board=../.../..", 4},
        {"hex size=3 turns=0 turn=red phase=roll dice=- left=0 board=.../..../...../..../...", 3},
        {"hex size=2 turns=1 turn=blue phase=roll dice=- left=0 board=r./.r./..", 4},
        {"hex size=2 turns=2 turn=red phase=place dice=1,2 left=1 board=.b/rrr/bb", 4},
        {"hex size=2 turns=2 turn=red phase=remove dice=3,4 left=3 board=bb/b.b/rr", 5},
        {"hex size=3 turns=2 turn=red phase=place dice=1,2 left=1 board=br./r.../...../.r../br.",
         4},
        {"hex size=3 turns=5 turn=blue phase=roll dice=- left=0 board=rrb/.rb./b.r.b/r..r/.b.", 3},
        {"hex size=3 turns=4 turn=red phase=remove dice=2,5 left=2 board=b.b/rrrr/.b.b./..../.r.",
         4},
        /* Prohibited cells at every depth. */
        {"hex size=3 turns=2 turn=red phase=place dice=1,3 left=2 board=b.b/.bb./...../..../...",
         3},
        {"hex size=2 turns=2 turn=red phase=place dice=1,3 left=3 board=.b/bb./rr", 5},
        {"hex size=2 turns=3 turn=blue phase=place dice=2,3 left=2 board=rr/.r./r.", 5},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        herd_game *g = game_at(cases[i].position);
        ref_state r;
        ref_parse(&r, cases[i].position);
        for (unsigned d = 1; d <= cases[i].depth; d++) {
            uint64_t nodes = 0, want = ref_perft(&r, d);
            assert_int_equal(herd_perft(g, d, &nodes), HERD_OK);
            if (nodes != want)
                fail_msg("perft %u of '%s': %llu, the reference counts %llu", d, cases[i].position,
                         (unsigned long long)nodes, (unsigned long long)want);
        }
        herd_free(g);
    }
    /* Pinned numbers: the empty board of side 2 and the reference agree on
     * these (21 rolls, then 7, 6, ... cells for the lower die). */
    herd_game *g = game_at("hex size=2 turns=0 turn=red phase=roll dice=- left=0 board=../.../..");
    uint64_t nodes;
    assert_int_equal(herd_perft(g, 1, &nodes), HERD_OK);
    assert_true(nodes == 21);
    assert_int_equal(herd_perft(g, 2, &nodes), HERD_OK);
    assert_true(nodes == 21 * 7);
    assert_int_equal(herd_perft(g, 0, &nodes), HERD_OK);
    assert_true(nodes == 1);
    assert_int_equal(herd_perft(g, 65, &nodes), HERD_E_ARG);
    herd_free(g);
}

/* ------------------------------------------------------- random games */

/* Every invariant of a position, checked through the public API. */
static void check_invariants(herd_game *g, herd_game *scratch)
{
    int n = size_of(g), count[2] = {0, 0}, empty = 0;
    for (int r = 0; r < 2 * n - 1; r++)
        for (int c = 0; c < row_length_of(g, r); c++) {
            int side;
            assert_int_equal(herd_hex_at(g, (herd_cell){r, c}, &side), HERD_OK);
            if (side < 0)
                empty++;
            else
                count[side]++;
        }
    assert_int_equal(stones_of(g, 0), count[0]);
    assert_int_equal(stones_of(g, 1), count[1]);
    assert_int_equal(empty + count[0] + count[1], cell_count_of(g));

    herd_status st;
    herd_get_status(g, &st);
    int phase = phase_of(g), left = left_of(g), lo, hi;
    uint64_t turns;
    herd_hex_dice(g, &lo, &hi);
    herd_hex_turns(g, &turns);
    size_t moves = legal_count(g);
    if (st.result == HERD_WIN) {
        assert_int_equal(empty, 0);
        assert_int_equal(st.reason, HERD_REASON_FULL);
        assert_true(count[st.side] > count[!st.side]);
        assert_int_equal(phase, HERD_HEX_ROLL);
        assert_int_equal(moves, 0);
    } else {
        assert_int_equal(st.result, HERD_ONGOING);
        assert_true(empty > 0);
        assert_int_equal((int)(turns % 2), st.side);
        int enemy = count[!st.side];
        if (phase == HERD_HEX_ROLL) {
            assert_true(lo == 0 && hi == 0 && left == 0);
            assert_int_equal(moves, 21);
            assert_true(herd_is_chance(g));
        } else {
            assert_true(1 <= lo && lo <= hi && hi <= 6);
            assert_false(herd_is_chance(g));
            assert_true(left >= 1);
            if (phase == HERD_HEX_REMOVE) {
                assert_true(turns > 0);
                assert_true(left <= lo && left <= enemy);
                assert_int_equal(moves, (size_t)enemy);
            } else {
                assert_int_equal(phase, HERD_HEX_PLACE);
                assert_true(moves >= 1);
                assert_true(left <= hi + empty - 1);
            }
        }
        if (turns == 0) {
            assert_int_equal(count[1], 0);
            assert_int_equal(count[0], phase == HERD_HEX_PLACE ? lo - left : 0);
        }
    }

    /* Position text round trip into a second game. */
    char a[HERD_MAX_POSITION_TEXT], b[HERD_MAX_POSITION_TEXT];
    position_text(g, a);
    assert_int_equal(herd_position_from_text(scratch, a), HERD_OK);
    position_text(scratch, b);
    assert_string_equal(a, b);
    herd_status st2;
    herd_get_status(scratch, &st2);
    assert_memory_equal(&st, &st2, sizeof st);

    /* Clone equality. */
    herd_game *c = NULL;
    assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
    assert_true(herd_same_position(g, c));
    assert_int_equal(herd_history_length(g), herd_history_length(c));
    herd_free(c);
}

typedef struct game_stats {
    unsigned long long actions, turns, games;
    unsigned long long red_wins;
    unsigned long long most_actions;
} game_stats;

/* Plays one random game to its end, checking after every action. With a
 * reference, also replays it there and compares the texts. */
static void random_game(int size, uint64_t seed, int with_reference, game_stats *stats)
{
    char opt[64];
    snprintf(opt, sizeof opt, "size=%d seed=%llu", size, (unsigned long long)seed);
    herd_game *g = new_game(opt), *scratch = new_game("size=2"), *snap = new_game(opt);
    herd_game *after = new_game(opt), *spare = new_game(opt);
    test_rng rng;
    trng_seed(&rng, seed * 7919 + (uint64_t)size);
    ref_state ref;
    char text[HERD_MAX_POSITION_TEXT], want[HERD_MAX_POSITION_TEXT];
    if (with_reference) {
        position_text(g, text);
        ref_parse(&ref, text);
    }
    unsigned long long actions = 0;
    herd_status st;
    for (;;) {
        check_invariants(g, scratch);
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
        if (++actions > 200000)
            fail_msg("size %d seed %llu: no end after 200000 actions", size,
                     (unsigned long long)seed);
        if (actions % 32 == 0) {
            /* Keep the undo history short, so that cloning stays cheap. */
            assert_int_equal(herd_copy_position(spare, g), HERD_OK);
            herd_game *t = g;
            g = spare;
            spare = t;
        }
        herd_move moves[HERD_HEX_MAX_MOVES], m;
        size_t n;
        int drew = 1;
        assert_int_equal(herd_legal_moves(g, moves, HERD_HEX_MAX_MOVES, &n), HERD_OK);
        assert_int_equal(herd_copy_position(snap, g), HERD_OK);
        uint64_t x = trng_next(&rng);
        size_t hist = herd_history_length(g);
        if (herd_is_chance(g) && x % 2 == 0) {
            assert_int_equal(herd_roll(g, &m), HERD_OK);
        } else if (!herd_is_chance(g) && x % 4 == 0) {
            assert_int_equal(herd_play_genmove(g, 1, &m), HERD_OK);
        } else {
            m = moves[(x >> 8) % n];
            assert_int_equal(herd_apply(g, m), HERD_OK);
            drew = 0;
        }
        assert_int_equal(herd_history_length(g), hist + 1);
        int found = 0;
        for (size_t i = 0; i < n; i++)
            found |= moves[i] == m;
        assert_true(found);

        /* Apply/undo round trip (the generator's draws included). */
        assert_int_equal(herd_copy_position(after, g), HERD_OK);
        assert_int_equal(herd_undo(g), HERD_OK);
        assert_true(herd_same_position(g, snap));
        if (drew) {
            /* A roll or a computer move drew from the generator; replaying
             * the action by hand would not, so put the drawn state back. */
            assert_int_equal(herd_copy_position(g, after), HERD_OK);
        } else {
            assert_int_equal(herd_apply(g, m), HERD_OK);
            assert_true(herd_same_position(g, after));
        }

        /* The action's text reads back as the same action. */
        char mt[HERD_MAX_MOVE_TEXT];
        size_t len;
        herd_move back;
        assert_int_equal(herd_move_to_text(g, m, mt, sizeof mt, &len), HERD_OK);
        assert_int_equal(herd_move_from_text(g, mt, &back), HERD_OK);
        assert_true(back == m);

        if (with_reference) {
            ref_move rm[HERD_HEX_MAX_MOVES];
            int rn = ref_moves(&ref, rm), hit = -1;
            assert_int_equal(rn, (int)n);
            for (int i = 0; i < rn; i++) {
                char t[16];
                ref_move_text(rm[i], t, sizeof t);
                if (strcmp(t, mt) == 0)
                    hit = i;
            }
            if (hit < 0)
                fail_msg("the reference does not list %s", mt);
            ref_apply(&ref, rm[hit]);
            ref_text(&ref, want, sizeof want);
            position_text(g, text);
            assert_string_equal(text, want);
        }
        /* Now and then, an illegal action changes nothing. */
        if (x % 16 == 1) {
            herd_move bad = herd_hex_place_move((herd_cell){0, 200});
            assert_int_not_equal(herd_apply(g, bad), HERD_OK);
            assert_false(herd_is_legal(g, bad));
        }
    }
    uint64_t turns;
    herd_hex_turns(g, &turns);
    stats->actions += actions;
    stats->turns += turns;
    stats->games++;
    stats->red_wins += st.side == HERD_HEX_RED;
    if (actions > stats->most_actions)
        stats->most_actions = actions;
    herd_free(g);
    herd_free(scratch);
    herd_free(snap);
    herd_free(after);
    herd_free(spare);
}

static void hex_random_games_end_with_every_invariant_holding(void **state)
{
    (void)state;
    for (int size = 2; size <= 13; size++) {
        game_stats stats = {0};
        int games = size <= 5 ? 100 : size <= 9 ? 16 : 6;
        for (int seed = 1; seed <= games; seed++)
            random_game(size, (uint64_t)seed * 1000003u + (uint64_t)size, 0, &stats);
        print_message("size %2d: %llu games, %llu actions and %llu turns a game on average "
                      "(most %llu actions), red won %llu\n",
                      size, stats.games, stats.actions / stats.games, stats.turns / stats.games,
                      stats.most_actions, stats.red_wins);
    }
}

static void hex_random_games_agree_with_the_reference(void **state)
{
    (void)state;
    game_stats stats = {0};
    for (int size = 2; size <= 5; size++)
        for (int seed = 1; seed <= 12; seed++)
            random_game(size, (uint64_t)seed, 1, &stats);
}

/* In hex a turn is a roll, removals and placements: undo takes back the
 * computer's whole turn and the player's, back to the player's roll. */
static void undo_turn_in_hex_goes_back_to_the_players_roll(void **state)
{
    (void)state;
    herd_game *g = new_game("size=3 seed=5"), *at_roll = NULL;
    /* Red's first turn and Blue's, so that removals happen. */
    play_turn(g, 0);
    play_turn(g, 0);
    assert_true(herd_is_chance(g)); /* red to roll */
    assert_int_equal(herd_clone(g, NULL, NULL, &at_roll), HERD_OK);
    size_t base = herd_history_length(g);
    /* Red (the player) plays a whole turn, then Blue (the computer). */
    play_turn(g, 0);
    play_turn(g, 0);
    assert_true(herd_history_length(g) >= base + 4);
    assert_int_equal(herd_undo_turn(g, HERD_HEX_RED), HERD_OK);
    assert_true(herd_same_position(g, at_roll));
    assert_int_equal(herd_history_length(g), base);
    /* Mid-turn: red rolled and acted; undo goes back to its roll. */
    assert_int_equal(herd_roll(g, NULL), HERD_OK);
    assert_int_equal(herd_play_genmove(g, 0, NULL), HERD_OK);
    assert_int_equal(herd_undo_turn(g, HERD_HEX_RED), HERD_OK);
    assert_true(herd_same_position(g, at_roll));
    herd_free(at_roll);
    herd_free(g);
}

static void hex_copy_into_caller_memory_plays_on(void **state)
{
    (void)state;
    herd_game *g = game_at("hex size=3 turns=2 turn=red phase=place dice=1,2 left=1 "
                           "board=br./r.../...../.r../br.");
    size_t need = herd_copy_size(g, 4);
    void *mem = malloc(need); /* aligned for max_align_t, as herd_copy_into() needs */
    herd_game *c = NULL;
    assert_non_null(mem);
    assert_int_equal(herd_copy_into(g, mem, need, &c), HERD_OK);
    assert_true(herd_same_position(g, c));
    play(c, "+b2");
    play(c, "+d1");
    assert_int_equal(herd_undo(c), HERD_OK);
    assert_int_equal(herd_undo(c), HERD_OK);
    assert_true(herd_same_position(g, c));
    herd_free(c);
    free(mem);
    herd_free(g);
}

/* The neighbour counts and bit sets that play keeps up to date are those a
 * fresh read of the same position computes, after every action of long
 * games with removals and captures on the smallest, default and largest
 * boards; and listing the actions writes nothing past their count, even
 * straight into a caller's buffer of the largest size. */
static void hex_kept_data_matches_a_fresh_read_and_lists_stop_at_the_count(void **state)
{
    (void)state;
    static const char *const sizes[] = {"size=2", "size=5", "size=13"};
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
        herd_game *g = new_game(sizes[k]); /* seed 0, as a position read from text has */
        test_rng r;
        trng_seed(&r, 7 + k);
        for (int i = 0; i < 3000; i++) {
            herd_status st;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            herd_game *c = NULL;
            char text[TEXT_CAP];
            position_text(g, text);
            assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
            assert_int_equal(herd_position_from_text(c, text), HERD_OK);
            assert_true(herd_same_position(g, c));
            herd_free(c);

            herd_move buf[HERD_MAX_MOVES];
            size_t n = 0;
            for (size_t j = 0; j < HERD_MAX_MOVES; j++)
                buf[j] = 0xABABABAB;
            assert_int_equal(herd_legal_moves(g, buf, HERD_MAX_MOVES, &n), HERD_OK);
            assert_true(n > 0 && n < HERD_MAX_MOVES);
            assert_true(buf[n] == 0xABABABAB);
            assert_int_equal(step_random(g, &r), HERD_OK);
        }
        herd_free(g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hex_new_game_is_an_empty_board_with_red_to_roll),
        cmocka_unit_test(hex_kept_data_matches_a_fresh_read_and_lists_stop_at_the_count),
        cmocka_unit_test(hex_cell_counts_for_every_size),
        cmocka_unit_test(hex_typed_creation_and_getters),
        cmocka_unit_test(hex_action_texts_round_trip),
        cmocka_unit_test(hex_capture_on_corner_cell),
        cmocka_unit_test(hex_capture_on_edge_cell),
        cmocka_unit_test(hex_one_placement_captures_two_and_earns_two_more),
        cmocka_unit_test(hex_capture_chain),
        cmocka_unit_test(hex_removals_never_capture),
        cmocka_unit_test(hex_prohibited_cell_on_the_edge),
        cmocka_unit_test(hex_balancing_rule_first_turn_places_the_lower_die),
        cmocka_unit_test(hex_fewer_enemy_stones_than_the_lower_die),
        cmocka_unit_test(hex_enemy_without_stones_means_placing_at_once),
        cmocka_unit_test(hex_doubles_remove_and_place_the_same_number),
        cmocka_unit_test(hex_dice_probabilities_sum_to_one_and_doubles_are_one_in_36),
        cmocka_unit_test(hex_same_seed_gives_the_same_dice),
        cmocka_unit_test(hex_turn_ends_early_when_only_prohibited_cells_are_left),
        cmocka_unit_test(hex_capture_on_the_last_empty_cell_reopens_it),
        cmocka_unit_test(hex_game_ends_the_instant_the_board_is_full),
        cmocka_unit_test(hex_computer_player_takes_a_capture_when_there_is_one),
        cmocka_unit_test(hex_bad_positions_are_refused_and_change_nothing),
        cmocka_unit_test(hex_bad_action_texts_are_refused),
        cmocka_unit_test(hex_illegal_actions_are_refused_and_change_nothing),
        cmocka_unit_test(hex_bad_options_are_refused),
        cmocka_unit_test(hex_short_buffers_are_refused_and_left_alone),
        cmocka_unit_test(hex_perft_matches_an_independent_counter),
        cmocka_unit_test(hex_random_games_end_with_every_invariant_holding),
        cmocka_unit_test(hex_random_games_agree_with_the_reference),
        cmocka_unit_test(undo_turn_in_hex_goes_back_to_the_players_roll),
        cmocka_unit_test(hex_copy_into_caller_memory_plays_on),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
