/* Flock (`flock`): every rule of docs/flock.md, the texts of the protocol,
 * the typed queries of herd/flock.h and the computer's levels. Perft numbers
 * and random games are checked against a small independent implementation
 * of the rules written here. */
#include "test_util.h"

#include "herd/flock.h"

/* ------------------------------------------------------------- helpers */

static herd_game *new_game(const char *options)
{
    return game_new("flock", options);
}

/* A game set to a position text (the easiest way to build a situation). */
static herd_game *game_at(const char *text)
{
    return game_with("flock", "seed=1", text);
}

static herd_cell cell(const char *name)
{
    herd_cell c = {name[0] - 'a', atoi(name + 1) - 1};
    return c;
}

static int range_of(const herd_game *g, const char *name)
{
    int r = -1;
    assert_int_equal(herd_flock_range(g, cell(name), &r), HERD_OK);
    return r;
}

/* The cells a stone can reach, as "c4 e4 ..." sorted by the test. */
static void targets_of(const herd_game *g, const char *name, char *out)
{
    herd_cell buf[HERD_FLOCK_MAX_MOVES];
    char names[HERD_FLOCK_MAX_MOVES][16];
    size_t n = 0;
    assert_int_equal(herd_flock_targets(g, cell(name), buf, HERD_FLOCK_MAX_MOVES, &n), HERD_OK);
    for (size_t i = 0; i < n; i++)
        snprintf(names[i], sizeof names[i], "%c%d", 'a' + buf[i].row, (buf[i].col + 1) % 1000);
    qsort(names, n, sizeof names[0], by_text);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strcat(out, " ");
        strcat(out, names[i]);
    }
}

static void expect_targets(const herd_game *g, const char *name, const char *want)
{
    char got[1024];
    targets_of(g, name, got);
    if (strcmp(got, want) != 0)
        fail_msg("targets of %s: '%s', wanted '%s'", name, got, want);
}

static int stones_of(const herd_game *g, int side)
{
    int v = -1;
    assert_int_equal(herd_flock_stones(g, side, &v), HERD_OK);
    return v;
}

static int captured_of(const herd_game *g, int side)
{
    int v = -1;
    assert_int_equal(herd_flock_captured(g, side, &v), HERD_OK);
    return v;
}

/* ------------------------------------------- an independent reference */

/* The rules again, the plain way: the board as rows of characters, a flock
 * measured by a flood fill over the whole board, moves and captures by
 * walking the grid with bounds checks, no shared code. */
typedef struct ref_state {
    int w, h, turn, ply, cap[2];
    int has_last[2], last[2][4]; /* from row, from col, to row, to col */
    char b[12][13];
} ref_state;

typedef struct ref_move {
    int fr, fc, tr, tc;
} ref_move;

static const int ref_dir[4][2] = {{-1, 0}, {1, 0}, {0, -1}, {0, 1}};

static int ref_on(const ref_state *s, int r, int c)
{
    return r >= 0 && r < s->h && c >= 0 && c < s->w;
}

static char ref_stone(int side)
{
    return side ? 'w' : 'b';
}

static int ref_flock_size(const ref_state *s, int r0, int c0)
{
    int seen[12][12] = {{0}}, stack[144][2], top = 0, size = 0;
    char v = s->b[r0][c0];
    seen[r0][c0] = 1;
    stack[top][0] = r0;
    stack[top++][1] = c0;
    while (top) {
        top--;
        int r = stack[top][0], c = stack[top][1];
        size++;
        for (int d = 0; d < 4; d++) {
            int nr = r + ref_dir[d][0], nc = c + ref_dir[d][1];
            if (ref_on(s, nr, nc) && !seen[nr][nc] && s->b[nr][nc] == v) {
                seen[nr][nc] = 1;
                stack[top][0] = nr;
                stack[top++][1] = nc;
            }
        }
    }
    return size;
}

static int ref_side_moves(const ref_state *s, int side, ref_move *out)
{
    int n = 0;
    for (int r = 0; r < s->h; r++)
        for (int c = 0; c < s->w; c++) {
            if (s->b[r][c] != ref_stone(side))
                continue;
            int range = ref_flock_size(s, r, c);
            if (range > 3)
                range = 3;
            for (int d = 0; d < 4; d++)
                for (int k = 1; k <= range; k++) {
                    int tr = r + ref_dir[d][0] * k, tc = c + ref_dir[d][1] * k;
                    if (!ref_on(s, tr, tc) || s->b[tr][tc] != '.')
                        break;
                    const int *l = s->last[side];
                    if (s->has_last[side] && l[2] == r && l[3] == c && l[0] == tr && l[1] == tc)
                        continue; /* straight back */
                    if (out)
                        out[n] = (ref_move){r, c, tr, tc};
                    n++;
                }
        }
    return n;
}

static int ref_count(const ref_state *s, int side)
{
    int n = 0;
    for (int r = 0; r < s->h; r++)
        for (int c = 0; c < s->w; c++)
            n += s->b[r][c] == ref_stone(side);
    return n;
}

static herd_status ref_status(const ref_state *s)
{
    herd_status st = {HERD_ONGOING, s->turn, HERD_REASON_NONE};
    for (int side = 0; side < 2; side++)
        if (s->cap[side] >= 3) {
            st.result = HERD_WIN;
            st.side = side;
            st.reason = HERD_REASON_CAPTURED;
            return st;
        }
    if (s->ply >= 100) {
        int b = ref_count(s, 0), w = ref_count(s, 1);
        st.result = b == w ? HERD_DRAW : HERD_WIN;
        st.side = b == w ? -1 : w > b;
        st.reason = HERD_REASON_MOVE_LIMIT;
        return st;
    }
    if (ref_side_moves(s, s->turn, NULL) == 0) {
        st.result = HERD_WIN;
        st.side = !s->turn;
        st.reason = HERD_REASON_NO_MOVES;
    }
    return st;
}

static int ref_legal(const ref_state *s, ref_move *out)
{
    if (ref_status(s).result != HERD_ONGOING)
        return 0;
    return ref_side_moves(s, s->turn, out);
}

static void ref_apply(ref_state *s, ref_move m)
{
    int side = s->turn;
    char own = ref_stone(side), enemy = ref_stone(!side);
    s->b[m.fr][m.fc] = '.';
    s->b[m.tr][m.tc] = own;
    for (int d = 0; d < 4; d++) {
        int r1 = m.tr + ref_dir[d][0], c1 = m.tc + ref_dir[d][1];
        int r2 = r1 + ref_dir[d][0], c2 = c1 + ref_dir[d][1];
        if (ref_on(s, r2, c2) && s->b[r1][c1] == enemy && s->b[r2][c2] == own) {
            s->b[r1][c1] = '.';
            s->cap[side]++;
        }
    }
    s->has_last[side] = 1;
    s->last[side][0] = m.fr;
    s->last[side][1] = m.fc;
    s->last[side][2] = m.tr;
    s->last[side][3] = m.tc;
    s->ply++;
    s->turn = !side;
}

static uint64_t ref_perft(const ref_state *s, unsigned depth)
{
    ref_move moves[200];
    if (depth == 0)
        return 1;
    int n = ref_legal(s, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ref_state child = *s;
        ref_apply(&child, moves[i]);
        total += ref_perft(&child, depth - 1);
    }
    return total;
}

/* Room for any four int coordinates, so that the compiler sees no
 * truncation (the texts themselves are short). */
#define REF_MOVE_TEXT 32

static void ref_move_text(ref_move m, char *buf, size_t cap)
{
    snprintf(buf, cap, "%c%d-%c%d", 'a' + m.fr, m.fc + 1, 'a' + m.tr, m.tc + 1);
}

static void ref_text(const ref_state *s, char *buf, size_t cap)
{
    char last[2][REF_MOVE_TEXT];
    for (int side = 0; side < 2; side++) {
        const int *l = s->last[side];
        if (s->has_last[side])
            ref_move_text((ref_move){l[0], l[1], l[2], l[3]}, last[side], sizeof last[side]);
        else
            strcpy(last[side], "-");
    }
    int k =
        snprintf(buf, cap, "flock w=%d h=%d turn=%s ply=%d captured=%d,%d last=%s,%s board=", s->w,
                 s->h, s->turn ? "white" : "black", s->ply, s->cap[0], s->cap[1], last[0], last[1]);
    for (int r = 0; r < s->h; r++)
        k += snprintf(buf + k, cap - (size_t)k, "%s%s", r ? "/" : "", s->b[r]);
}

/* Reads a well-formed text (the test's own small parser). */
static void ref_parse(ref_state *s, const char *text)
{
    char turn[8], last[2][16], board[200];
    memset(s, 0, sizeof *s);
    if (sscanf(text, "flock w=%d h=%d turn=%7s ply=%d captured=%d,%d last=%15[^,],%15s board=%199s",
               &s->w, &s->h, turn, &s->ply, &s->cap[0], &s->cap[1], last[0], last[1], board) != 9)
        fail_msg("the reference cannot read %s", text);
    s->turn = strcmp(turn, "white") == 0;
    for (int side = 0; side < 2; side++) {
        char r1, r2;
        int c1, c2;
        s->has_last[side] = strcmp(last[side], "-") != 0;
        if (s->has_last[side] && sscanf(last[side], "%c%d-%c%d", &r1, &c1, &r2, &c2) == 4) {
            s->last[side][0] = r1 - 'a';
            s->last[side][1] = c1 - 1;
            s->last[side][2] = r2 - 'a';
            s->last[side][3] = c2 - 1;
        }
    }
    const char *p = board;
    for (int r = 0; r < s->h; r++) {
        memcpy(s->b[r], p, (size_t)s->w);
        s->b[r][s->w] = '\0';
        p += s->w + 1;
    }
}

static void ref_start(ref_state *s, int w, int h)
{
    memset(s, 0, sizeof *s);
    s->w = w;
    s->h = h;
    for (int r = 0; r < h; r++) {
        memset(s->b[r], '.', (size_t)w);
        s->b[r][w] = '\0';
    }
    for (int c = 0; c < w; c++)
        if (!(w % 2 == 1 && c == w / 2)) {
            s->b[0][c] = 'w';
            s->b[h - 1][c] = 'b';
        }
}

/* The library's legal moves equal the reference's, as sets of texts. */
static void check_legal_matches(herd_game *g, const ref_state *r)
{
    herd_move moves[HERD_FLOCK_MAX_MOVES];
    ref_move rm[200];
    char lib[HERD_FLOCK_MAX_MOVES][REF_MOVE_TEXT], mine[200][REF_MOVE_TEXT];
    size_t n = 0, len;
    assert_int_equal(herd_legal_moves(g, moves, HERD_FLOCK_MAX_MOVES, &n), HERD_OK);
    int k = ref_legal(r, rm);
    if ((int)n != k) {
        char text[TEXT_CAP];
        ref_text(r, text, sizeof text);
        fail_msg("the library lists %zu moves, the reference %d, in %s", n, k, text);
    }
    for (size_t i = 0; i < n; i++)
        assert_int_equal(herd_move_to_text(g, moves[i], lib[i], sizeof lib[i], &len), HERD_OK);
    for (int i = 0; i < k; i++)
        ref_move_text(rm[i], mine[i], sizeof mine[i]);
    qsort(lib, n, sizeof lib[0], by_text);
    qsort(mine, (size_t)k, sizeof mine[0], by_text);
    for (int i = 0; i < k; i++) {
        assert_string_equal(lib[i], mine[i]);
        if (i)
            assert_string_not_equal(lib[i - 1], lib[i]);
    }
}

/* --------------------------------------------------- start and texts */

static void flock_new_game_is_the_start_position_with_black_to_move(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    expect_position(g, "flock w=7 h=7 turn=black ply=0 captured=0,0 last=-,- board=www.www/"
                       "......./......./......./......./......./bbb.bbb");
    check_status(g, HERD_ONGOING, HERD_FLOCK_BLACK, HERD_REASON_NONE);
    assert_string_equal(herd_side_name(g, 0), "black");
    assert_string_equal(herd_side_name(g, 1), "white");
    assert_int_equal(herd_game_kind(g), HERD_FLOCK);
    assert_string_equal(herd_game_name(g), "flock");
    /* By hand: g1, g2, g6, g7 slide up 1..3 (3 each); g3 and g5 also step
     * into g4, the empty middle (4 each): 20. */
    herd_move buf[HERD_FLOCK_MAX_MOVES];
    size_t n;
    assert_int_equal(herd_legal_moves(g, buf, HERD_FLOCK_MAX_MOVES, &n), HERD_OK);
    assert_int_equal(n, 20);
    herd_free(g);
}

static void flock_every_board_size_starts_right(void **state)
{
    (void)state;
    for (int w = HERD_FLOCK_MIN_SIZE; w <= HERD_FLOCK_MAX_SIZE; w++)
        for (int h = HERD_FLOCK_MIN_SIZE; h <= HERD_FLOCK_MAX_SIZE; h++) {
            char opt[32], want[TEXT_CAP];
            ref_state r;
            snprintf(opt, sizeof opt, "w=%d h=%d", w, h);
            herd_game *g = new_game(opt);
            ref_start(&r, w, h);
            ref_text(&r, want, sizeof want);
            expect_position(g, want);
            int n0 = w % 2 ? w - 1 : w;
            assert_int_equal(stones_of(g, HERD_FLOCK_BLACK), n0);
            assert_int_equal(stones_of(g, HERD_FLOCK_WHITE), n0);
            for (int c = 0; c < w; c++) {
                int side, middle = w % 2 && c == w / 2;
                herd_cell top = {0, c}, bottom = {h - 1, c};
                assert_int_equal(herd_flock_at(g, top, &side), HERD_OK);
                assert_int_equal(side, middle ? -1 : HERD_FLOCK_WHITE);
                assert_int_equal(herd_flock_at(g, bottom, &side), HERD_OK);
                assert_int_equal(side, middle ? -1 : HERD_FLOCK_BLACK);
            }
            check_status(g, HERD_ONGOING, HERD_FLOCK_BLACK, HERD_REASON_NONE);
            check_legal_matches(g, &r);
            herd_flock_options o = HERD_FLOCK_OPTIONS_INIT;
            assert_int_equal(herd_flock_options_of(g, &o), HERD_OK);
            assert_int_equal(o.width, w);
            assert_int_equal(o.height, h);
            herd_free(g);
        }
}

static void flock_typed_creation_and_bad_options(void **state)
{
    (void)state;
    herd_flock_options o;
    herd_flock_options_init(&o, HERD_FLOCK_OPTIONS_VERSION);
    assert_int_equal(o.width, 7);
    assert_int_equal(o.height, 7);
    o.width = 9;
    o.height = 6;
    o.seed = UINT64_MAX;
    herd_game *g = NULL;
    herd_error err;
    assert_int_equal(herd_flock_new(&o, NULL, NULL, &g, &err), HERD_OK);
    herd_flock_options back = HERD_FLOCK_OPTIONS_INIT;
    assert_int_equal(herd_flock_options_of(g, &back), HERD_OK);
    assert_int_equal(back.width, 9);
    assert_int_equal(back.height, 6);
    assert_true(back.seed == UINT64_MAX);
    herd_free(g);
    o.width = 13;
    assert_int_equal(herd_flock_new(&o, NULL, NULL, &g, &err), HERD_E_RANGE);
    assert_string_equal(err.message, "w=13 is out of range 5..12");
    static const struct {
        const char *options;
        int code;
        const char *message;
    } bad[] = {
        {"w=4", HERD_E_RANGE, "w=4 is out of range 5..12"},
        {"h=13", HERD_E_RANGE, "h=13 is out of range 5..12"},
        {"w=x", HERD_E_PARSE, "w=x is not a whole number in 5..12"},
        {"n=3", HERD_E_UNKNOWN, "unknown option 'n': flock takes w, h, seed"},
        {"size=7", HERD_E_UNKNOWN, "unknown option 'size'"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        g = NULL;
        int rc = herd_new("flock", bad[i].options, NULL, NULL, &g, &err);
        if (rc != bad[i].code || !strstr(err.message, bad[i].message))
            fail_msg("%s: %d '%s'", bad[i].options, rc, err.message);
        assert_null(g);
    }
    assert_int_equal(herd_flock_new(NULL, NULL, NULL, NULL, &err), HERD_E_ARG);
}

static void flock_move_texts_round_trip(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    herd_cell a = {6, 0}, b = {3, 0}, x, y;
    herd_move m = herd_flock_move(a, b);
    char text[HERD_MAX_MOVE_TEXT];
    size_t len;
    assert_int_equal(herd_move_to_text(g, m, text, sizeof text, &len), HERD_OK);
    assert_string_equal(text, "g1-d1");
    assert_true(parse_move(g, "g1-d1") == m);
    herd_flock_move_cells(m, &x, &y);
    assert_int_equal(x.row, 6);
    assert_int_equal(x.col, 0);
    assert_int_equal(y.row, 3);
    assert_int_equal(y.col, 0);
    static const char *const bad[] = {"",      "g1",    "g1-",    "g1d1",  "g1-d1-c1",
                                      "g0-d1", "G1-d1", "g1-d01", "g1 -d1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        herd_move out = 12345;
        assert_int_equal(herd_move_from_text(g, bad[i], &out), HERD_E_PARSE);
        assert_true(out == 12345);
        assert_non_null(strstr(herd_last_error(g), "FROM-TO"));
    }
    herd_free(g);
}

/* ------------------------------------------------------------ ranges */

/* Black: d4 alone, f1-g1 a pair, g3..g7 a row of five. White: row a. */
static const char *const RANGES = "flock w=9 h=7 turn=black ply=0 captured=0,0 last=-,- "
                                  "board=wwww.wwww/........./........./...b...../........./"
                                  "b......../b.bbbbb..";

static void flock_range_is_the_flock_size_up_to_three(void **state)
{
    (void)state;
    herd_game *g = game_at(RANGES);
    assert_int_equal(range_of(g, "d4"), 1);
    assert_int_equal(range_of(g, "f1"), 2);
    assert_int_equal(range_of(g, "g1"), 2);
    assert_int_equal(range_of(g, "g5"), 3);
    assert_int_equal(range_of(g, "a1"), 3);
    /* Range 1: one step each way. */
    expect_targets(g, "d4", "c4 d3 d5 e4");
    /* Range 2: two cells up, two to the right. */
    expect_targets(g, "f1", "d1 e1 f2 f3");
    /* A row of five has range 3, not 5: c5 would be four away. */
    expect_targets(g, "g5", "d5 e5 f5");
    expect_refused_text(g, "g5-c5", HERD_E_ILLEGAL, "range 3");
    expect_refused_text(g, "d4-b4", HERD_E_ILLEGAL, "range 1");
    expect_refused_text(g, "f1-c1", HERD_E_ILLEGAL, "range 2");
    /* The flock itself, for drawing. */
    herd_cell buf[16];
    size_t n;
    assert_int_equal(herd_flock_members(g, cell("g5"), buf, 16, &n), HERD_OK);
    assert_int_equal(n, 5);
    for (size_t i = 0; i < n; i++) {
        assert_int_equal(buf[i].row, 6);
        assert_int_equal(buf[i].col, 2 + (int)i);
    }
    assert_int_equal(herd_flock_members(g, cell("g5"), buf, 4, &n), HERD_E_BUFFER);
    assert_int_equal(n, 5);
    assert_int_equal(herd_flock_members(g, cell("d4"), buf, 16, &n), HERD_OK);
    assert_int_equal(n, 1);
    assert_int_equal(herd_flock_members(g, cell("c3"), buf, 16, &n), HERD_E_ARG); /* empty */
    int r;
    assert_int_equal(herd_flock_range(g, cell("c3"), &r), HERD_E_ARG);
    assert_int_equal(herd_flock_range(g, cell("h1"), &r), HERD_E_ARG);
    herd_free(g);
}

/* An L of three counts as three; its range is counted before the move. */
static void flock_range_three_in_an_l_and_counted_before_the_move(void **state)
{
    (void)state;
    herd_game *g = game_at("flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- "
                           "board=ww.ww/...../...../b..../bb..b");
    assert_int_equal(range_of(g, "d1"), 3);
    assert_int_equal(range_of(g, "e2"), 3);
    assert_int_equal(range_of(g, "e5"), 1);
    /* e2 leaves its flock, and still slides three: c2, not just d2. */
    expect_targets(g, "e2", "b2 c2 d2 e3 e4");
    play(g, "e2-b2");
    assert_int_equal(range_of(g, "b2"), 1);
    herd_free(g);
}

static void flock_stones_never_jump(void **state)
{
    (void)state;
    /* Black g1..g4 (range 3) with its own stone on e1 and a white one on
     * f3; black g7 ends the row's way right. */
    herd_game *g = game_at("flock w=7 h=7 turn=black ply=0 captured=0,0 last=-,- "
                           "board=ww..www/......./......./......./b....../..w..../bbbb..b");
    assert_int_equal(range_of(g, "g1"), 3);
    /* Over its own stone: no. */
    expect_targets(g, "g1", "f1");
    expect_refused_text(g, "g1-d1", HERD_E_ILLEGAL, "e1 is occupied");
    /* Over an enemy stone: no; g3 has no way out at all. */
    expect_targets(g, "g3", "");
    expect_refused_text(g, "g3-e3", HERD_E_ILLEGAL, "f3 is occupied");
    /* Stopping on any empty cell of the way, and not onto a stone. */
    expect_targets(g, "g4", "d4 e4 f4 g5 g6");
    expect_refused_text(g, "g4-g7", HERD_E_ILLEGAL, "g7 is occupied");
    herd_free(g);
}

/* ----------------------------------------------------- straight back */

static void flock_straight_back_is_banned_for_the_moved_stone_only(void **state)
{
    (void)state;
    /* Black: c1 c2 c3 (a row), e3, g6 g7. White: row a. */
    herd_game *g = game_at("flock w=7 h=7 turn=black ply=0 captured=0,0 last=-,- "
                           "board=www.www/......./bbb..../......./..b..../......./.....bb");
    play(g, "c3-d3"); /* d3 now joins e3: range 2 */
    assert_int_equal(range_of(g, "d3"), 2);
    play(g, "a7-b7");
    int banned = 0;
    herd_cell stone, to;
    assert_int_equal(herd_flock_straight_back(g, &banned, &stone, &to), HERD_OK);
    assert_int_equal(banned, 1);
    assert_int_equal(stone.row, 3);
    assert_int_equal(stone.col, 2);
    assert_int_equal(to.row, 2);
    assert_int_equal(to.col, 2);
    /* Back to the cell it left: no. */
    expect_refused_text(g, "d3-c3", HERD_E_ILLEGAL, "straight back");
    /* Past that cell (two up, through it): yes, only that cell is banned. */
    assert_true(is_legal_text(g, "d3-b3"));
    /* Another stone onto the cell it left: yes. */
    assert_true(is_legal_text(g, "c2-c3"));
    expect_targets(g, "d3", "b3 d1 d2 d4 d5");
    /* White's ban is white's own: b7 may not go back to a7 now, but black's
     * previous move does not bind white. */
    play(g, "g6-f6");
    expect_refused_text(g, "b7-a7", HERD_E_ILLEGAL, "straight back");
    play(g, "a6-b6");
    /* Black moved another stone since: the ban on d3 is lifted. */
    assert_true(is_legal_text(g, "d3-c3"));
    assert_false(is_legal_text(g, "f6-g6"));
    herd_free(g);
}

/* ---------------------------------------------------------- captures */

/* c3 is the cell: b3 has black a3 beyond it, c4 has black c5 beyond it,
 * c2 has nothing beyond it. */
static const char *const TWO_CAPTURES = "flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- "
                                        "board=..b../..w../.w.wb/..b../b...w";

static void flock_one_move_captures_two(void **state)
{
    (void)state;
    herd_game *g = game_at(TWO_CAPTURES);
    play(g, "d3-c3");
    expect_position(g, "flock w=5 h=5 turn=white ply=1 captured=2,0 last=d3-c3,- "
                       "board=..b../...../.wb.b/...../b...w");
    assert_int_equal(captured_of(g, HERD_FLOCK_BLACK), 2);
    assert_int_equal(stones_of(g, HERD_FLOCK_WHITE), 2);
    check_status(g, HERD_ONGOING, HERD_FLOCK_WHITE, HERD_REASON_NONE);
    herd_free(g);
}

static void flock_the_edge_does_not_capture(void **state)
{
    (void)state;
    /* White a1 (a corner) and e5 (a side): stones step next to them with
     * only the edge beyond. */
    herd_game *g = game_at("flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- "
                           "board=w...w/...../b.w../...../bbb.w");
    play(g, "c1-b1"); /* under a1: the edge is beyond it */
    play(g, "c3-d3"); /* white over e3: the edge is beyond it */
    play(g, "e3-e4"); /* left of e5: the edge is beyond it */
    assert_int_equal(captured_of(g, HERD_FLOCK_BLACK), 0);
    assert_int_equal(captured_of(g, HERD_FLOCK_WHITE), 0);
    assert_int_equal(stones_of(g, HERD_FLOCK_BLACK), 4);
    assert_int_equal(stones_of(g, HERD_FLOCK_WHITE), 4);
    expect_position(g, "flock w=5 h=5 turn=white ply=3 captured=0,0 last=e3-e4,c3-d3 "
                       "board=w...w/b..../...../..w../bb.bw");
    herd_free(g);
}

static void flock_stepping_between_two_enemies_is_safe(void **state)
{
    (void)state;
    /* White b2 and b4; black steps from c3 into b3 between them. */
    herd_game *g = game_at("flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- "
                           "board=....w/.w.w./..b../...../bb.bw");
    play(g, "c3-b3");
    int side;
    assert_int_equal(herd_flock_at(g, cell("b3"), &side), HERD_OK);
    assert_int_equal(side, HERD_FLOCK_BLACK);
    assert_int_equal(captured_of(g, HERD_FLOCK_WHITE), 0);
    assert_int_equal(captured_of(g, HERD_FLOCK_BLACK), 0);
    /* White moves another stone: the sandwich that stands is no capture,
     * only the moved stone captures. */
    play(g, "e5-d5");
    assert_int_equal(herd_flock_at(g, cell("b3"), &side), HERD_OK);
    assert_int_equal(side, HERD_FLOCK_BLACK);
    assert_int_equal(captured_of(g, HERD_FLOCK_WHITE), 0);
    herd_free(g);
}

/* ------------------------------------------------------------ the end */

/* Move 100 is white's; white has two captures and takes a third. */
static const char *const THIRD_AT_100 = "flock w=5 h=5 turn=white ply=99 captured=0,2 "
                                        "last=e1-d1,a5-b5 board=.w.../.b..w/..w../b..../....w";

static void flock_third_capture_wins_at_once_even_on_the_100th_move(void **state)
{
    (void)state;
    herd_game *g = game_at(THIRD_AT_100);
    play(g, "c3-c2"); /* b2 lies between c2 and a2 */
    check_status(g, HERD_WIN, HERD_FLOCK_WHITE, HERD_REASON_CAPTURED);
    assert_int_equal(captured_of(g, HERD_FLOCK_WHITE), 3);
    int ply;
    assert_int_equal(herd_flock_ply(g, &ply), HERD_OK);
    assert_int_equal(ply, 100);
    size_t n = 99;
    assert_int_equal(herd_legal_moves(g, NULL, 0, &n), HERD_OK);
    assert_int_equal(n, 0);
    herd_free(g);
}

static void flock_move_limit_decides_by_count_or_draws(void **state)
{
    (void)state;
    /* Black has captured one: after move 100, black has more stones. */
    herd_game *g = game_at("flock w=5 h=5 turn=white ply=99 captured=1,0 last=e1-d1,a5-b5 "
                           "board=w..../....w/..w../b.b../...bb");
    int left;
    assert_int_equal(herd_flock_moves_left(g, &left), HERD_OK);
    assert_int_equal(left, 1);
    play(g, "c3-c4");
    check_status(g, HERD_WIN, HERD_FLOCK_BLACK, HERD_REASON_MOVE_LIMIT);
    assert_int_equal(herd_flock_moves_left(g, &left), HERD_OK);
    assert_int_equal(left, 0);
    size_t n = 99;
    assert_int_equal(herd_legal_moves(g, NULL, 0, &n), HERD_OK);
    assert_int_equal(n, 0);
    assert_int_equal(herd_apply(g, parse_move(g, "b5-c5")), HERD_E_STATE);
    herd_free(g);
    /* Equal counts: a draw. */
    g = game_at("flock w=5 h=5 turn=white ply=99 captured=1,1 last=e1-d1,a5-b5 "
                "board=w..../....w/..w../b.b../....b");
    play(g, "c3-c4");
    check_status(g, HERD_DRAW, -1, HERD_REASON_MOVE_LIMIT);
    herd_free(g);
    /* One move earlier, the game goes on. */
    g = game_at("flock w=5 h=5 turn=black ply=98 captured=1,1 last=e1-d1,a5-b5 "
                "board=w..../....w/..w../b.b../....b");
    play(g, "d1-c1");
    check_status(g, HERD_ONGOING, HERD_FLOCK_WHITE, HERD_REASON_NONE);
    herd_free(g);
}

static void flock_no_legal_move_loses(void **state)
{
    (void)state;
    /* White fills row a; black's c6-b6 closes the last gap. */
    herd_game *g = game_at("flock w=6 h=5 turn=black ply=0 captured=0,0 last=-,- "
                           "board=wwwwww/bbbbb./.....b/....../......");
    play(g, "c6-b6");
    check_status(g, HERD_WIN, HERD_FLOCK_BLACK, HERD_REASON_NO_MOVES);
    /* A position read with the side to move stuck is already over. */
    herd_game *h = game_at("flock w=6 h=5 turn=black ply=0 captured=0,0 last=-,- "
                           "board=bbbbbb/wwwwww/....../....../......");
    check_status(h, HERD_WIN, HERD_FLOCK_WHITE, HERD_REASON_NO_MOVES);
    herd_free(h);
    herd_free(g);
}

/* A stone whose only move is straight back has no move: the ban can leave a
 * side without moves. White a4 came from a3; black c4-b4 closes b4. */
static void flock_the_ban_can_leave_no_move(void **state)
{
    (void)state;
    herd_game *g = game_at("flock w=5 h=5 turn=black ply=2 captured=2,0 last=d4-c4,a3-a4 "
                           "board=wb.wb/b..../...b./...../.....");
    play(g, "c4-b4");
    check_status(g, HERD_WIN, HERD_FLOCK_BLACK, HERD_REASON_NO_MOVES);
    herd_free(g);
    /* The same board, but white a4 came from b4: a4-a3 is a move. */
    g = game_at("flock w=5 h=5 turn=black ply=2 captured=2,0 last=d4-c4,b4-a4 "
                "board=wb.wb/b..../...b./...../.....");
    play(g, "c4-b4");
    check_status(g, HERD_ONGOING, HERD_FLOCK_WHITE, HERD_REASON_NONE);
    assert_true(is_legal_text(g, "a4-a3"));
    herd_free(g);
}

/* -------------------------------------------------------- positions */

static void flock_ply_is_part_of_the_position(void **state)
{
    (void)state;
    herd_game *a = game_at("flock w=5 h=5 turn=black ply=10 captured=1,1 last=e1-d1,a5-b5 "
                           "board=w..../....w/..w../b.b../....b");
    herd_game *b = game_at("flock w=5 h=5 turn=black ply=12 captured=1,1 last=e1-d1,a5-b5 "
                           "board=w..../....w/..w../b.b../....b");
    assert_false(herd_same_position(a, b));
    assert_int_equal(herd_copy_position(b, a), HERD_OK);
    assert_true(herd_same_position(a, b));
    /* The same position reached by play and by text is the same. */
    herd_game *c = new_game(NULL), *d = new_game(NULL);
    play(c, "g1-e1");
    char text[TEXT_CAP];
    position_text(c, text);
    assert_int_equal(herd_position_from_text(d, text), HERD_OK);
    assert_true(herd_same_position(c, d));
    herd_free(a);
    herd_free(b);
    herd_free(c);
    herd_free(d);
}

static void flock_bad_positions_are_refused_and_change_nothing(void **state)
{
    (void)state;
    static const struct {
        const char *text;
        int code;
        const char *message;
    } bad[] = {
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bb x",
         HERD_E_PARSE, "after the board"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/....../...../...../"
         "bb.bb",
         HERD_E_POSITION, "row b is longer than 5"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bbb",
         HERD_E_POSITION, "row e is longer than 5"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,-", HERD_E_PARSE, "expected"},
        {"flock w=5 h=5 turn=red ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../bb.bb",
         HERD_E_PARSE, "turn"},
        {"flock w=05 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bb",
         HERD_E_PARSE, "expected"},
        {"flock h=5 w=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bb",
         HERD_E_PARSE, "expected"},
        {"flock w=4 h=5 turn=black ply=0 captured=0,0 last=-,- board=wwww/..../..../..../bbbb",
         HERD_E_POSITION, "w=4 is out of range 5..12"},
        {"flock w=5 h=13 turn=black ply=0 captured=0,0 last=-,- board=ww.ww", HERD_E_POSITION,
         "h=13"},
        {"flock w=5 h=5 turn=black ply=102 captured=0,0 last=a1-a2,a1-a2 board=ww.ww/...../"
         "...../...../bb.bb",
         HERD_E_POSITION, "ply=102 is out of range 0..100"},
        {"flock w=5 h=5 turn=black ply=0 captured=13,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bb",
         HERD_E_POSITION, "captured=13,0 is out of range 0..12"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../"
         "bb.bb",
         HERD_E_POSITION, "4 rows, not 5"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bb/.....",
         HERD_E_POSITION, "more than 5 rows"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../..x../...../"
         "bb.bb",
         HERD_E_POSITION, "row c"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/..../...../...../"
         "bb.bb",
         HERD_E_POSITION, "row b"},
        {"flock w=5 h=5 turn=white ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bb",
         HERD_E_POSITION, "does not fit ply=0"},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bbbbb",
         HERD_E_POSITION, "black has 5 stones"},
        {"flock w=5 h=5 turn=black ply=2 captured=1,0 last=e1-d1,a1-b1 board=.w.ww/w..../"
         "...../b..../.b.bb",
         HERD_E_POSITION, "white has 4 stones and 1 were captured, but starts with 4"},
        {"flock w=5 h=5 turn=white ply=1 captured=0,1 last=e1-d1,- board=ww.ww/...../...../"
         "b..../.b.b.",
         HERD_E_POSITION, "white cannot have captured 1 stones in 0 moves"},
        {"flock w=5 h=5 turn=black ply=20 captured=3,3 last=e1-d1,a1-b1 board=..w../...../...../"
         "b..../.....",
         HERD_E_POSITION, "both sides"},
        {"flock w=5 h=5 turn=black ply=2 captured=0,0 last=-,a1-b1 board=.w.ww/w..../...../"
         "...../bb.bb",
         HERD_E_POSITION, "black has moved"},
        {"flock w=5 h=5 turn=white ply=1 captured=0,0 last=e1-d1,a1-b1 board=ww.ww/...../"
         "...../b..../.b.bb",
         HERD_E_POSITION, "white has not moved yet"},
        {"flock w=5 h=5 turn=white ply=1 captured=0,0 last=e1-c2,- board=ww.ww/...../.b.../"
         "...../.b.bb",
         HERD_E_POSITION, "black's move is not a slide"},
        {"flock w=5 h=5 turn=white ply=1 captured=0,0 last=e1-a1,- board=ww.ww/...../...../"
         "...../bb.bb",
         HERD_E_POSITION, "black's move is not a slide"},
        {"flock w=5 h=5 turn=black ply=2 captured=0,0 last=e2-d2,a1-c3 board=.w.ww/...../..w../"
         "...../bb.bb",
         HERD_E_POSITION, "white's move is not a slide"},
        {"flock w=5 h=5 turn=white ply=1 captured=0,0 last=e1-d1,- board=ww.ww/...../...../"
         "...b./.b.bb",
         HERD_E_POSITION, "no black stone on d1"},
        {"flock w=5 h=5 turn=black ply=2 captured=0,0 last=e1-d1,a1-b1 board=.w.ww/....w/...../"
         "b..../.b.bb",
         HERD_E_POSITION, "no white stone on b1"},
        {"flock w=5 h=5 turn=black ply=2 captured=0,0 last=e1-d1,a1-b1 board=.w.ww/...../...../"
         "w..../bb.bb",
         HERD_E_POSITION, "a white stone on d1, where black moved"},
    };
    herd_game *g = new_game("w=6 h=6");
    herd_game *before = NULL;
    play(g, "f1-e1");
    assert_int_equal(herd_clone(g, NULL, NULL, &before), HERD_OK);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = herd_position_from_text(g, bad[i].text);
        if (rc != bad[i].code || !strstr(herd_last_error(g), bad[i].message))
            fail_msg("%s\n  gave %d '%s', wanted %d '%s'", bad[i].text, rc, herd_last_error(g),
                     bad[i].code, bad[i].message);
        assert_true(herd_same_position(g, before));
        assert_int_equal(herd_history_length(g), 1);
    }
    herd_free(before);
    herd_free(g);
}

/* The invariants' edges that must be accepted. */
static void flock_consistent_positions_are_accepted(void **state)
{
    (void)state;
    static const char *const good[] = {
        /* White's stone that moved last turn was captured since. */
        "flock w=5 h=5 turn=white ply=3 captured=1,0 last=c3-b3,a1-b1 board=.w.ww/..b../...../"
        "...../bb.b.",
        /* The game is over: black has three. */
        "flock w=5 h=5 turn=white ply=9 captured=3,1 last=c3-b3,a1-b1 board=....w/..b../...../"
        "b..../b....",
        /* ply 100: over by count. */
        "flock w=12 h=12 turn=black ply=100 captured=0,0 last=l1-k1,a1-b1 "
        "board=.wwwwwwwwwww/w.........../............/............/............/............/"
        "............/............/............/............/b.........../.bbbbbbbbbbb",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        herd_game *g = game_at(good[i]);
        expect_position(g, good[i]);
        herd_free(g);
    }
    herd_game *g = game_at(good[1]);
    check_status(g, HERD_WIN, HERD_FLOCK_BLACK, HERD_REASON_CAPTURED);
    herd_free(g);
    g = game_at(good[2]);
    check_status(g, HERD_DRAW, -1, HERD_REASON_MOVE_LIMIT);
    herd_free(g);
}

static void flock_illegal_moves_are_refused_and_change_nothing(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    expect_refused_text(g, "a1-b1", HERD_E_ILLEGAL, "a1 has no black stone");
    expect_refused_text(g, "d4-d3", HERD_E_ILLEGAL, "d4 has no black stone");
    expect_refused_text(g, "g1-f2", HERD_E_ILLEGAL, "not a slide");
    expect_refused_text(g, "g1-g1", HERD_E_ILLEGAL, "not a slide");
    expect_refused_text(g, "g1-h1", HERD_E_ILLEGAL, "off the board");
    expect_refused_text(g, "h1-g1", HERD_E_ILLEGAL, "h1 is off the board");
    expect_refused_text(g, "g1-g2", HERD_E_ILLEGAL, "g2 is occupied");
    expect_refused_text(g, "g1-c1", HERD_E_ILLEGAL, "range 3, not 4");
    assert_int_equal(herd_apply(g, (herd_move)1 << 40), HERD_E_ILLEGAL);
    assert_string_equal(herd_last_error(g), "not a Flock move");
    herd_free(g);
}

/* ------------------------------------------------------- typed queries */

static void flock_typed_queries(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    herd_move m;
    int v, banned = 7;
    assert_int_equal(herd_flock_last_move(g, HERD_FLOCK_BLACK, &m), HERD_OK);
    assert_true(m == 0);
    assert_int_equal(herd_flock_straight_back(g, &banned, NULL, NULL), HERD_OK);
    assert_int_equal(banned, 0);
    play(g, "g1-e1");
    assert_int_equal(herd_flock_last_move(g, HERD_FLOCK_BLACK, &m), HERD_OK);
    assert_true(m == parse_move(g, "g1-e1"));
    /* The ban binds black, who is not to move now. */
    assert_int_equal(herd_flock_straight_back(g, &banned, NULL, NULL), HERD_OK);
    assert_int_equal(banned, 0);
    assert_int_equal(herd_flock_ply(g, &v), HERD_OK);
    assert_int_equal(v, 1);
    assert_int_equal(herd_flock_moves_left(g, &v), HERD_OK);
    assert_int_equal(v, 99);
    /* Targets of a stone not the mover's, and of an empty cell: none. */
    expect_targets(g, "e1", "");
    expect_targets(g, "d4", "");
    expect_targets(g, "a1", "b1 c1 d1");
    /* Bad arguments. */
    herd_game *hex = game_new("hex", NULL);
    herd_cell buf[4];
    size_t n;
    assert_int_equal(herd_flock_stones(hex, 0, &v), HERD_E_ARG);
    assert_int_equal(herd_flock_stones(NULL, 0, &v), HERD_E_ARG);
    assert_int_equal(herd_flock_stones(g, 2, &v), HERD_E_ARG);
    assert_int_equal(herd_flock_captured(g, -1, &v), HERD_E_ARG);
    assert_int_equal(herd_flock_at(g, cell("h1"), &v), HERD_E_ARG);
    assert_int_equal(herd_flock_ply(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_flock_targets(g, cell("a1"), NULL, 4, &n), HERD_E_ARG);
    assert_int_equal(herd_flock_targets(g, cell("a1"), buf, 2, &n), HERD_E_BUFFER);
    assert_int_equal(n, 3);
    assert_int_equal(herd_flock_last_move(g, 2, &m), HERD_E_ARG);
    assert_int_equal(herd_flock_straight_back(hex, &banned, NULL, NULL), HERD_E_ARG);
    herd_free(hex);
    herd_free(g);
}

/* ------------------------------------------------------------- perft */

static void flock_perft_matches_an_independent_counter(void **state)
{
    (void)state;
    static const struct {
        const char *position;
        unsigned depth;
    } cases[] = {
        {"flock w=7 h=7 turn=black ply=0 captured=0,0 last=-,- board=www.www/......./......./"
         "......./......./......./bbb.bbb",
         4},
        {"flock w=5 h=5 turn=black ply=0 captured=0,0 last=-,- board=ww.ww/...../...../...../"
         "bb.bb",
         5},
        {"flock w=12 h=5 turn=black ply=0 captured=0,0 last=-,- board=wwwwwwwwwwww/"
         "............/............/............/bbbbbbbbbbbb",
         3},
        /* Captures at every depth; the ban; the limit at move 100. */
        {TWO_CAPTURES, 4},
        {"flock w=5 h=5 turn=white ply=97 captured=1,1 last=e1-d1,a5-b5 board=w..../....w/"
         "..w../b.b../....b",
         5},
        {"flock w=6 h=6 turn=white ply=33 captured=2,2 last=c3-c4,b1-b2 board=....w./.w..../"
         "..wb../.w.b../.....b/..b...",
         5},
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
    /* Positions deep in games: 60 random moves from several starts. */
    test_rng rng;
    trng_seed(&rng, 99);
    for (int k = 0; k < 6; k++) {
        char opt[32], text[TEXT_CAP];
        snprintf(opt, sizeof opt, "w=%d h=%d", 5 + k, 12 - k);
        herd_game *g = new_game(opt);
        for (int ply = 0; ply < 60; ply++) {
            herd_move moves[HERD_FLOCK_MAX_MOVES];
            size_t n;
            herd_legal_moves(g, moves, HERD_FLOCK_MAX_MOVES, &n);
            if (n == 0)
                break;
            assert_int_equal(herd_apply(g, moves[trng_below(&rng, (unsigned)n)]), HERD_OK);
        }
        position_text(g, text);
        ref_state r;
        ref_parse(&r, text);
        for (unsigned d = 1; d <= 3; d++) {
            uint64_t nodes = 0, want = ref_perft(&r, d);
            assert_int_equal(herd_perft(g, d, &nodes), HERD_OK);
            if (nodes != want)
                fail_msg("perft %u of '%s': %llu, the reference counts %llu", d, text,
                         (unsigned long long)nodes, (unsigned long long)want);
        }
        herd_free(g);
    }
}

/* -------------------------------------------------------- random games */

/* Plays random games to their end (the test's choices and, now and then,
 * the computer's), replaying each in the reference and checking after every
 * move: the legal moves, the text, the status, apply/undo, clone equality. */
static void flock_random_games_agree_with_the_reference(void **state)
{
    (void)state;
    unsigned long games = 0, moves_in_all = 0, ends[4] = {0};
    for (int w = 5; w <= 12; w++)
        for (int k = 0; k < 6; k++) {
            int h = 5 + (w * 7 + k) % 8;
            char opt[48], text[TEXT_CAP], want[TEXT_CAP];
            snprintf(opt, sizeof opt, "w=%d h=%d seed=%d", w, h, k);
            herd_game *g = new_game(opt), *scratch = new_game(NULL), *before = new_game(opt);
            test_rng rng;
            trng_seed(&rng, (uint64_t)(w * 100 + k));
            ref_state r;
            ref_start(&r, w, h);
            for (;;) {
                herd_status st;
                check_legal_matches(g, &r);
                position_text(g, text);
                ref_text(&r, want, sizeof want);
                assert_string_equal(text, want);
                herd_status rs = ref_status(&r);
                check_status(g, rs.result, rs.side, rs.reason);
                /* The text reads back as the same position and status. */
                assert_int_equal(herd_position_from_text(scratch, text), HERD_OK);
                expect_position(scratch, text);
                check_status(scratch, rs.result, rs.side, rs.reason);
                herd_get_status(g, &st);
                if (st.result != HERD_ONGOING) {
                    ends[st.reason == HERD_REASON_CAPTURED     ? 0
                         : st.reason == HERD_REASON_MOVE_LIMIT ? (st.result == HERD_DRAW ? 2 : 1)
                                                               : 3]++;
                    break;
                }
                herd_move m;
                uint64_t x = trng_next(&rng);
                assert_int_equal(herd_copy_position(before, g), HERD_OK);
                if (x % 5 == 0) {
                    assert_int_equal(herd_play_genmove(g, 1 + (int)(x / 5 % 2), &m), HERD_OK);
                } else {
                    herd_move moves[HERD_FLOCK_MAX_MOVES];
                    size_t n;
                    assert_int_equal(herd_legal_moves(g, moves, HERD_FLOCK_MAX_MOVES, &n), HERD_OK);
                    m = moves[(x >> 8) % n];
                    assert_int_equal(herd_apply(g, m), HERD_OK);
                    assert_int_equal(herd_undo(g), HERD_OK);
                    assert_true(herd_same_position(g, before));
                    assert_int_equal(herd_apply(g, m), HERD_OK);
                }
                char mt[HERD_MAX_MOVE_TEXT];
                size_t len;
                assert_int_equal(herd_move_to_text(g, m, mt, sizeof mt, &len), HERD_OK);
                ref_move rm[200];
                int rn = ref_legal(&r, rm), hit = -1;
                for (int i = 0; i < rn; i++) {
                    char t[REF_MOVE_TEXT];
                    ref_move_text(rm[i], t, sizeof t);
                    if (strcmp(t, mt) == 0)
                        hit = i;
                }
                if (hit < 0)
                    fail_msg("the reference does not list %s", mt);
                ref_apply(&r, rm[hit]);
                herd_game *c = NULL;
                assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
                assert_true(herd_same_position(g, c));
                herd_free(c);
                moves_in_all++;
            }
            games++;
            herd_free(g);
            herd_free(scratch);
            herd_free(before);
        }
    print_message("%lu games, %lu moves: %lu by captures, %lu by count, %lu drawn, %lu no-moves\n",
                  games, moves_in_all, ends[0], ends[1], ends[2], ends[3]);
}

/* ------------------------------------------------------- the computer */

static void flock_levels_are_named(void **state)
{
    (void)state;
    herd_game *g = new_game(NULL);
    const char *name = NULL, *description = NULL;
    assert_int_equal(herd_max_level(g), 5);
    static const char *const names[] = {"beginner", "novice", "club", "expert", "master"};
    for (int level = 1; level <= 5; level++) {
        assert_int_equal(herd_level_name(g, level, &name, &description), HERD_OK);
        assert_string_equal(name, names[level - 1]);
        assert_true(strlen(description) > 0);
    }
    assert_int_equal(herd_level_name(g, 0, &name, NULL), HERD_OK);
    assert_string_equal(name, "novice"); /* the default: the strongest without a search */
    for (int i = 0; i < 5; i++) {
        herd_game *c = NULL;
        herd_move a, b;
        assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
        assert_int_equal(herd_genmove(g, 0, &a), HERD_OK);
        assert_int_equal(herd_genmove(c, 2, &b), HERD_OK);
        assert_true(a == b && herd_same_position(g, c));
        herd_free(c);
        assert_int_equal(herd_play_genmove(g, 1, NULL), HERD_OK);
    }
    name = "untouched";
    assert_int_equal(herd_level_name(g, 6, &name, NULL), HERD_E_RANGE);
    assert_int_equal(herd_level_name(g, -1, &name, NULL), HERD_E_RANGE);
    assert_string_equal(name, "untouched");
    assert_int_equal(herd_level_name(NULL, 1, &name, NULL), HERD_E_ARG);
    herd_free(g);
}

/* Level 1 plays every legal move, uniformly: over many draws each of the 20
 * opening moves comes up, none far from 1/20. */
static void flock_random_level_is_uniform(void **state)
{
    (void)state;
    herd_game *g = new_game("seed=5");
    herd_move moves[HERD_FLOCK_MAX_MOVES];
    size_t n, hits[HERD_FLOCK_MAX_MOVES] = {0};
    assert_int_equal(herd_legal_moves(g, moves, HERD_FLOCK_MAX_MOVES, &n), HERD_OK);
    for (int i = 0; i < 4000; i++) {
        herd_move m;
        assert_int_equal(herd_genmove(g, 1, &m), HERD_OK);
        size_t k = 0;
        while (k < n && moves[k] != m)
            k++;
        assert_true(k < n);
        hits[k]++;
    }
    for (size_t k = 0; k < n; k++)
        assert_true(hits[k] > 120 && hits[k] < 280); /* 200 expected */
    herd_free(g);
}

static void flock_novice_takes_captures_and_avoids_giving_them(void **state)
{
    (void)state;
    /* d3-c3 takes two (TWO_CAPTURES): the only move that captures. */
    for (int seed = 1; seed <= 10; seed++) {
        herd_game *g = game_at(TWO_CAPTURES);
        herd_move m;
        assert_int_equal(herd_genmove(g, 2, &m), HERD_OK);
        assert_true(m == parse_move(g, "d3-c3"));
        herd_free(g);
    }
    /* In random games, whenever a move exists that captures nothing and
     * gives nothing away, the novice's move gives away no more than it
     * takes. */
    test_rng rng;
    trng_seed(&rng, 3);
    for (int game = 0; game < 30; game++) {
        char opt[32];
        snprintf(opt, sizeof opt, "w=6 h=6 seed=%d", game);
        herd_game *g = new_game(opt);
        for (int ply = 0; ply < 40; ply++) {
            herd_status st;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            herd_move moves[HERD_FLOCK_MAX_MOVES], m;
            size_t n;
            herd_legal_moves(g, moves, HERD_FLOCK_MAX_MOVES, &n);
            if (ply % 2) {
                assert_int_equal(herd_apply(g, moves[trng_below(&rng, (unsigned)n)]), HERD_OK);
                continue;
            }
            int side = st.side, safe_exists = 0, chosen_gives = 0;
            assert_int_equal(herd_hint(g, 2, &m), HERD_OK);
            for (size_t i = 0; i < n; i++) {
                herd_game *c = NULL;
                assert_int_equal(herd_clone(g, NULL, NULL, &c), HERD_OK);
                int mine0 = captured_of(c, side);
                assert_int_equal(herd_apply(c, moves[i]), HERD_OK);
                int gained = captured_of(c, side) - mine0, worst = 0;
                herd_get_status(c, &st);
                herd_move replies[HERD_FLOCK_MAX_MOVES];
                size_t rn = 0;
                herd_legal_moves(c, replies, HERD_FLOCK_MAX_MOVES, &rn);
                for (size_t j = 0; j < rn; j++) {
                    int theirs0 = captured_of(c, !side);
                    assert_int_equal(herd_apply(c, replies[j]), HERD_OK);
                    int lost = captured_of(c, !side) - theirs0;
                    if (lost > worst)
                        worst = lost;
                    herd_undo(c);
                }
                if (gained == 0 && worst == 0 && st.result == HERD_ONGOING)
                    safe_exists = 1;
                if (moves[i] == m && worst > gained)
                    chosen_gives = 1;
                herd_free(c);
            }
            if (safe_exists)
                assert_false(chosen_gives);
            assert_int_equal(herd_play_genmove(g, 2, &m), HERD_OK);
        }
        herd_free(g);
    }
}

static void flock_copy_into_caller_memory_plays_on(void **state)
{
    (void)state;
    herd_game *g = game_at(TWO_CAPTURES);
    size_t need = herd_copy_size(g, 4);
    void *mem = malloc(need); /* aligned for max_align_t, as herd_copy_into() needs */
    herd_game *c = NULL;
    assert_non_null(mem);
    assert_int_equal(herd_copy_into(g, mem, need, &c), HERD_OK);
    assert_true(herd_same_position(g, c));
    play(c, "d3-c3");
    play(c, "c2-b2");
    assert_int_equal(herd_undo_turn(c, HERD_FLOCK_BLACK), HERD_OK);
    assert_true(herd_same_position(g, c));
    herd_move m;
    assert_int_equal(herd_hint(c, 0, &m), HERD_OK);      /* the game's own levels need no memory */
    assert_int_equal(herd_hint(c, 5, &m), HERD_E_NOMEM); /* a search does: no allocator here */
    free(mem);
    herd_free(g);
}

/* Whether the straight-back ban takes a move from the side to move: its
 * banned stone could reach the cell it left (within its range, over empty
 * cells). */
static int ban_takes_a_move(const herd_game *g)
{
    int banned, range, side;
    herd_cell stone, back;
    assert_int_equal(herd_flock_straight_back(g, &banned, &stone, &back), HERD_OK);
    if (!banned)
        return 0;
    assert_int_equal(herd_flock_range(g, stone, &range), HERD_OK);
    int dr = back.row - stone.row, dc = back.col - stone.col, d = abs(dr) + abs(dc);
    if (d > range)
        return 0;
    for (int i = 1; i <= d; i++) {
        herd_cell c = {stone.row + i * dr / d, stone.col + i * dc / d};
        assert_int_equal(herd_flock_at(g, c, &side), HERD_OK);
        if (side != -1)
            return 0;
    }
    return 1;
}

/* The count of the moves that perft's last ply and the status use, found
 * without listing them, is the length of the list in every position of
 * random games on boards whose stone sets take one, two and three words
 * (and fill one to its last bit: 12x5), with and without the straight-back
 * ban taking a move. */
static void flock_move_count_is_the_listed_moves(void **state)
{
    (void)state;
    static const char *const sizes[] = {"w=5 h=5",   "",          "w=12 h=12", "w=5 h=12",
                                        "w=12 h=5",  "w=8 h=7",   "w=7 h=9",   "w=9 h=12",
                                        "w=11 h=10", "w=10 h=12", "w=6 h=11"};
    int binds = 0, unbound = 0;
    for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++)
        for (int game = 0; game < 20; game++) {
            herd_game *g = new_game(sizes[k]);
            test_rng r;
            trng_seed(&r, (uint64_t)(100 * k + (size_t)game));
            for (;;) {
                herd_move buf[HERD_MAX_MOVES];
                size_t n = 0;
                uint64_t counted = 0;
                assert_int_equal(herd_legal_moves(g, buf, HERD_MAX_MOVES, &n), HERD_OK);
                assert_int_equal(herd_perft(g, 1, &counted), HERD_OK);
                assert_int_equal(counted, n);
                herd_status st;
                herd_get_status(g, &st);
                if (st.result != HERD_ONGOING)
                    break;
                if (ban_takes_a_move(g))
                    binds++;
                else
                    unbound++;
                assert_int_equal(herd_apply(g, buf[trng_below(&r, (unsigned)n)]), HERD_OK);
            }
            herd_free(g);
        }
    print_message("%d positions where the ban takes a move, %d where not\n", binds, unbound);
    assert_true(binds > 1000 && unbound > 1000); /* both kinds of position were checked */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(flock_new_game_is_the_start_position_with_black_to_move),
        cmocka_unit_test(flock_every_board_size_starts_right),
        cmocka_unit_test(flock_typed_creation_and_bad_options),
        cmocka_unit_test(flock_move_texts_round_trip),
        cmocka_unit_test(flock_range_is_the_flock_size_up_to_three),
        cmocka_unit_test(flock_range_three_in_an_l_and_counted_before_the_move),
        cmocka_unit_test(flock_stones_never_jump),
        cmocka_unit_test(flock_straight_back_is_banned_for_the_moved_stone_only),
        cmocka_unit_test(flock_one_move_captures_two),
        cmocka_unit_test(flock_the_edge_does_not_capture),
        cmocka_unit_test(flock_stepping_between_two_enemies_is_safe),
        cmocka_unit_test(flock_third_capture_wins_at_once_even_on_the_100th_move),
        cmocka_unit_test(flock_move_limit_decides_by_count_or_draws),
        cmocka_unit_test(flock_no_legal_move_loses),
        cmocka_unit_test(flock_the_ban_can_leave_no_move),
        cmocka_unit_test(flock_ply_is_part_of_the_position),
        cmocka_unit_test(flock_bad_positions_are_refused_and_change_nothing),
        cmocka_unit_test(flock_consistent_positions_are_accepted),
        cmocka_unit_test(flock_illegal_moves_are_refused_and_change_nothing),
        cmocka_unit_test(flock_typed_queries),
        cmocka_unit_test(flock_perft_matches_an_independent_counter),
        cmocka_unit_test(flock_random_games_agree_with_the_reference),
        cmocka_unit_test(flock_levels_are_named),
        cmocka_unit_test(flock_random_level_is_uniform),
        cmocka_unit_test(flock_novice_takes_captures_and_avoids_giving_them),
        cmocka_unit_test(flock_copy_into_caller_memory_plays_on),
        cmocka_unit_test(flock_move_count_is_the_listed_moves),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
