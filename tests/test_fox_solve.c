/* Fox and Geese solved (lib/games/fox/fox_solve.h): the table against independent
 * searches written here from the rules alone (the board from
 * herd_fox_point() and herd_fox_line(), nothing from lib/): a memoized
 * depth-first search without sideways steps, and with them a plain
 * round-by-round retrograde pass over every position the start reaches;
 * the table's values against the actions that lib/games/fox/fox.c lists and plays;
 * its build under allocation failure, stop requests and the memory limit.
 *
 * The full 13-geese verdict is a longer check, outside CTest:
 *   build/rel/programs/fox-solve geese=13   (docs/fox-solver.md, "Solving from the start") */
#include "test_util.h"

#include "games/fox/fox_solve.h"
#include "herd/fox.h"

/* ------------------------------------------------------ the rules here */

#define NP HERD_FOX_POINTS
enum { FOX = 0, GEESE = 1, CHAIN = 2 }; /* the mover and mode of a position */

static int nb[NP][3][3]; /* the point one line away by (drow + 1, dcol + 1), -1 */
static herd_cell cell[NP];

static void board_init(void)
{
    memset(nb, -1, sizeof nb);
    for (int i = 0; i < NP; i++)
        assert_int_equal(herd_fox_point(i, &cell[i]), HERD_OK);
    for (int i = 0; i < HERD_FOX_LINES; i++) {
        herd_cell a, b;
        int p = -1, q = -1;
        assert_int_equal(herd_fox_line(i, &a, &b), HERD_OK);
        for (int j = 0; j < NP; j++) {
            if (cell[j].row == a.row && cell[j].col == a.col)
                p = j;
            if (cell[j].row == b.row && cell[j].col == b.col)
                q = j;
        }
        int dr = b.row - a.row, dc = b.col - a.col;
        nb[p][dr + 1][dc + 1] = q;
        nb[q][1 - dr][1 - dc] = p;
    }
}

typedef struct pos {
    int fox, mode;
    uint64_t geese;
} pos;

static int count(uint64_t s)
{
    int n = 0;
    for (; s; s &= s - 1)
        n++;
    return n;
}

static int empty(const pos *p, int q)
{
    return q >= 0 && q != p->fox && !(p->geese >> q & 1);
}

/* Whether the fox on f can jump (over a goose to an empty point). */
static int can_jump(const pos *p, int f)
{
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int o = nb[f][dr + 1][dc + 1];
            if (o >= 0 && (p->geese >> o & 1) && empty(p, nb[o][dr + 1][dc + 1]))
                return 1;
        }
    return 0;
}

/* The positions one action away; a capture that leaves fewer than four
 * geese is written with mode -1 (the fox has won). */
static int successors(const pos *p, int sideways, pos *out)
{
    int n = 0;
    if (p->mode == GEESE) {
        for (int g = 0; g < NP; g++)
            if (p->geese >> g & 1)
                for (int dr = -1; dr <= 0; dr++)
                    for (int dc = -1; dc <= 1; dc++) {
                        int q = nb[g][dr + 1][dc + 1];
                        if ((dr == 0 && (!sideways || dc == 0)) || !empty(p, q))
                            continue;
                        pos s = {p->fox, FOX, (p->geese & ~(1ull << g)) | 1ull << q};
                        out[n++] = s;
                    }
        return n;
    }
    if (p->mode == CHAIN) {
        pos s = {p->fox, GEESE, p->geese}; /* stop */
        out[n++] = s;
    }
    for (int dr = -1; dr <= 1; dr++)
        for (int dc = -1; dc <= 1; dc++) {
            int q = nb[p->fox][dr + 1][dc + 1];
            if (q < 0)
                continue;
            if (p->mode == FOX && empty(p, q)) {
                pos s = {q, GEESE, p->geese};
                out[n++] = s;
            }
            int t = nb[q][dr + 1][dc + 1];
            if ((p->geese >> q & 1) && empty(p, t)) {
                pos s = {t, GEESE, p->geese & ~(1ull << q)};
                if (count(s.geese) < 4)
                    s.mode = -1;
                else if (can_jump(&s, t))
                    s.mode = CHAIN;
                out[n++] = s;
            }
        }
    return n;
}

typedef struct val {
    int winner;
    unsigned plies;
} val;

static int mover(const pos *p)
{
    return p->mode == GEESE ? HERD_FOX_GEESE : HERD_FOX_FOX;
}

/* The value of an ended position, or winner -2 while it goes on. */
static val ended(const pos *p, int sideways)
{
    pos s[64];
    val v = {-2, 0};
    if (p->mode == -1 || count(p->geese) < 4)
        v.winner = HERD_FOX_FOX;
    else if (successors(p, sideways, s) == 0)
        v.winner = !mover(p);
    return v;
}

/* --------------------------------------- depth-first search (no cycles) */

#define MEMO_BITS 22
static uint64_t memo_key[1 << MEMO_BITS];
static uint32_t memo_val[1 << MEMO_BITS];
static long memo_used;

static uint64_t key_of(const pos *p)
{
    return p->geese | (uint64_t)p->fox << 33 | (uint64_t)(p->mode + 1) << 40;
}

static uint32_t *memo_slot(uint64_t key, int *found)
{
    uint64_t h = key * UINT64_C(0x9E3779B97F4A7C15);
    for (uint64_t i = h >> (64 - MEMO_BITS);; i = (i + 1) & ((1 << MEMO_BITS) - 1)) {
        if (memo_key[i] == key) {
            *found = 1;
            return &memo_val[i];
        }
        if (memo_key[i] == 0) {
            assert_true(memo_used < (1 << MEMO_BITS) / 2);
            memo_used++;
            memo_key[i] = key;
            *found = 0;
            return &memo_val[i];
        }
    }
}

/* Perfect play: the mover takes the quickest win, else the slowest loss. */
static val dfs(const pos *p)
{
    val v = ended(p, 0);
    if (v.winner != -2)
        return v;
    int found;
    uint32_t *slot = memo_slot(key_of(p), &found);
    if (found) {
        val m = {(int)(*slot & 1), *slot >> 1};
        return m;
    }
    pos s[64];
    int n = successors(p, 0, s), me = mover(p), wins = 0;
    unsigned win = 0, loss = 0;
    for (int i = 0; i < n; i++) {
        val c = dfs(&s[i]);
        if (c.winner == me && (!wins++ || c.plies < win))
            win = c.plies;
        if (c.winner != me && c.plies > loss)
            loss = c.plies;
    }
    v.winner = wins ? me : !me;
    v.plies = 1 + (wins ? win : loss);
    slot = memo_slot(key_of(p), &found); /* the table may have moved on: find it again */
    *slot = (uint32_t)v.winner | v.plies << 1;
    return v;
}

/* ------------------------------- round by round (sideways: cycles, draws) */

#define GRAPH_MAX 400000
static pos gpos[GRAPH_MAX];
static int gsucc_first[GRAPH_MAX + 1];
static int *gsucc;
static int gdone[GRAPH_MAX]; /* the round it was decided in, -1 */
static val gval[GRAPH_MAX];

/* Every position reachable from p, in breadth-first order (the memo maps
 * a position to its index + 1); the number, or 0 past GRAPH_MAX. */
static int graph_build(const pos *root)
{
    memset(memo_key, 0, sizeof memo_key);
    memo_used = 0;
    int n = 1, found, edges = 0;
    gpos[0] = *root;
    *memo_slot(key_of(root), &found) = 1;
    for (int i = 0; i < n; i++) {
        pos s[64];
        int m = ended(&gpos[i], 1).winner == -2 ? successors(&gpos[i], 1, s) : 0;
        gsucc_first[i] = edges;
        for (int j = 0; j < m; j++) {
            uint32_t *slot = memo_slot(key_of(&s[j]), &found);
            if (!found) {
                if (n == GRAPH_MAX)
                    return 0;
                gpos[n] = s[j];
                *slot = (uint32_t)++n;
            }
            gsucc[edges++] = (int)*slot - 1;
        }
    }
    gsucc_first[n] = edges;
    return n;
}

/* Round r decides the positions won or lost in r plies: a win where some
 * successor decided earlier is a loss for the opponent, at one more than
 * the quickest; a loss where every successor is the opponent's win, at one
 * more than the slowest. What no round decides is a draw. */
static void graph_solve(int n)
{
    for (int i = 0; i < n; i++) {
        gval[i] = ended(&gpos[i], 1);
        gdone[i] = gval[i].winner == -2 ? -1 : 0;
    }
    for (int r = 1;; r++) {
        int decided = 0;
        for (int i = 0; i < n; i++) {
            if (gdone[i] >= 0)
                continue;
            int me = mover(&gpos[i]), open = 0, wins = 0;
            unsigned win = 0, loss = 0;
            for (int e = gsucc_first[i]; e < gsucc_first[i + 1]; e++) {
                int j = gsucc[e];
                if (gdone[j] < 0 || gdone[j] == r) {
                    open = 1;
                    continue;
                }
                if (gval[j].winner == me && (!wins++ || gval[j].plies < win))
                    win = gval[j].plies;
                if (gval[j].winner != me && gval[j].plies > loss)
                    loss = gval[j].plies;
            }
            if (wins && win + 1 == (unsigned)r) {
                gval[i].winner = me;
                gval[i].plies = (unsigned)r;
            } else if (!wins && !open && loss + 1 == (unsigned)r) {
                gval[i].winner = !me;
                gval[i].plies = (unsigned)r;
            } else {
                continue;
            }
            gdone[i] = r;
            decided++;
        }
        if (!decided)
            break;
    }
    for (int i = 0; i < n; i++)
        if (gdone[i] < 0)
            gval[i].winner = FOX_SOLVE_DRAW;
}

/* ------------------------------------------------------- random positions */

/* A random position of k geese, each in rows a..last, the fox on a free
 * point, in the given mode (a chain only where the fox can jump). */
static pos random_pos(test_rng *r, int k, int last, int mode)
{
    for (;;) {
        pos p = {0, mode, 0};
        while (count(p.geese) < k) {
            int q = (int)trng_below(r, NP);
            if (cell[q].row <= last)
                p.geese |= 1ull << q;
        }
        do
            p.fox = (int)trng_below(r, NP);
        while (p.geese >> p.fox & 1);
        if (mode != CHAIN || can_jump(&p, p.fox))
            return p;
    }
}

/* The same with the geese around the fox (two points away at most), where
 * they can trap it. */
static pos hemmed_pos(test_rng *r, int k, int last, int mode)
{
    for (;;) {
        pos p = {(int)trng_below(r, NP), mode, 0};
        uint64_t near = 0;
        for (int q = 0; q < NP; q++)
            if (q != p.fox && cell[q].row <= last && abs(cell[q].row - cell[p.fox].row) <= 2 &&
                abs(cell[q].col - cell[p.fox].col) <= 2)
                near |= 1ull << q;
        if (cell[p.fox].row > last || count(near) < k)
            continue;
        while (count(p.geese) < k) {
            int q = (int)trng_below(r, NP);
            if (near >> q & 1)
                p.geese |= 1ull << q;
        }
        if (mode != CHAIN || can_jump(&p, p.fox))
            return p;
    }
}

static fox_solve_position as_query(const pos *p)
{
    fox_solve_position q = {p->fox, p->geese, p->mode == GEESE ? HERD_FOX_GEESE : HERD_FOX_FOX,
                            p->mode == CHAIN};
    return q;
}

static val query(const fox_table *t, const pos *p)
{
    fox_solve_position q = as_query(p);
    val v;
    assert_int_equal(herdi_fox_solve_query(t, &q, &v.winner, &v.plies), HERD_OK);
    return v;
}

/* A position of k geese in rows a..last that the table says `winner`
 * wins, where one turns up in a few thousand draws (else the last drawn):
 * the search that checks it knows nothing of the choice. */
static pos pick(test_rng *r, const fox_table *t, int k, int last, int mode, int winner);

static fox_table *build(int geese, int exact, int sideways, int plain)
{
    fox_solve_options o;
    char buf[200];
    herd_msg msg = {buf, sizeof buf};
    fox_table *t = NULL;
    herdi_fox_solve_default_options(&o);
    o.geese = geese;
    o.exact = exact;
    o.sideways = sideways;
    o.plain = plain;
    assert_int_equal(herdi_fox_solve_build(&t, &o, msg), HERD_OK);
    assert_non_null(t);
    return t;
}

static const char *mode_name(int mode)
{
    return mode == FOX ? "fox" : mode == GEESE ? "geese" : "chain";
}

static void report(const char *what, const pos *p, val want, val got)
{
    print_error("%s: fox %d geese %llx %s: want %d/%u, table %d/%u\n", what, p->fox,
                (unsigned long long)p->geese, mode_name(p->mode), want.winner, want.plies,
                got.winner, got.plies);
}

/* The plies of a table without distances: none, or the true ones (a value
 * decided by a capture into the layers with distances); the true ones
 * where they must be held. */
static int plies_fit(val got, val want, int held)
{
    return got.plies == want.plies || (!held && got.plies == FOX_SOLVE_NO_PLIES);
}

static pos pick(test_rng *r, const fox_table *t, int k, int last, int mode, int winner)
{
    pos p = {0, 0, 0};
    for (int tries = 0; tries < 1000; tries++) {
        p = tries % 4 ? hemmed_pos(r, k, last, mode) : random_pos(r, k, last, mode);
        if (query(t, &p).winner == winner)
            break;
    }
    return p;
}

/* ---------------------------------------------------------------- tests */

static fox_table *exact6, *bits6, *side6;

static int setup(void **state)
{
    (void)state;
    board_init();
    gsucc = malloc(sizeof *gsucc * (size_t)GRAPH_MAX * 24);
    exact6 = build(6, 6, 0, 0);
    bits6 = build(6, 4, 0, 0);
    side6 = build(6, 0, 1, 0);
    return gsucc ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    herdi_fox_solve_free(exact6);
    herdi_fox_solve_free(bits6);
    herdi_fox_solve_free(side6);
    free(gsucc);
    return 0;
}

/* Without sideways: every kind of position of 4..6 geese, the winner and
 * the plies of perfect play; the table without distances above 4 geese
 * gives the same winners and no plies (but 0 where the game is over). */
static void values_match_the_search(void **state)
{
    (void)state;
    test_rng r;
    trng_seed(&r, 22);
    memset(memo_key, 0, sizeof memo_key);
    memo_used = 0;
    int kinds[3][2] = {{0}};
    long most = 0;
    for (int i = 0; i < 306; i++) {
        /* a geese win needs six geese: the fox has six ways out anywhere */
        int geese = i / 9 % 2, k = geese ? 6 : 4 + i % 3, mode = (i / 3) % 3;
        int last = k == 4 ? 2 + (int)trng_below(&r, 3) : 2 + (int)trng_below(&r, 2);
        pos p = pick(&r, exact6, k, last, mode, geese);
        if (memo_used > (1 << MEMO_BITS) / 8) {
            memset(memo_key, 0, sizeof memo_key);
            memo_used = 0;
        }
        val want = dfs(&p), got = query(exact6, &p);
        if (got.winner != want.winner || got.plies != want.plies)
            report("exact", &p, want, got);
        assert_int_equal(got.winner, want.winner);
        assert_int_equal(got.plies, want.plies);
        got = query(bits6, &p);
        if (got.winner != want.winner || !plies_fit(got, want, k == 4 || ended(&p, 0).winner != -2))
            report("bits", &p, want, got);
        assert_int_equal(got.winner, want.winner);
        assert_true(plies_fit(got, want, k == 4 || ended(&p, 0).winner != -2));
        kinds[mode][want.winner]++;
        most = memo_used > most ? memo_used : most;
    }
    print_message("most positions searched %ld; fox/geese wins by kind %d/%d %d/%d %d/%d\n", most,
                  kinds[0][0], kinds[0][1], kinds[1][0], kinds[1][1], kinds[2][0], kinds[2][1]);
    for (int m = 0; m < 3; m++) /* both sides win some of each kind (a chain: the fox) */
        assert_true(kinds[m][0] > 10 && (m == CHAIN || kinds[m][1] > 3));
}

/* With sideways: positions of 4 to 6 geese in the top three rows (so that
 * the search sees every position they reach), fox wins, draws and geese
 * wins (those need six geese: each point has six ways out for the fox). */
static void sideways_values_match_the_search(void **state)
{
    (void)state;
    test_rng r;
    trng_seed(&r, 23);
    int seen[3] = {0};
    for (int i = 0; i < 66; i++) {
        int aim = i % 3 - 1, mode = (i / 3) % 3, k = aim == HERD_FOX_GEESE ? 6 : 4 + i / 9 % 3;
        pos p = pick(&r, side6, k, 2, mode == CHAIN && aim == HERD_FOX_GEESE ? FOX : mode, aim);
        int n = graph_build(&p);
        assert_true(n > 0);
        graph_solve(n);
        val want = gval[0], got = query(side6, &p);
        if (want.winner == FOX_SOLVE_DRAW)
            want.plies = FOX_SOLVE_NO_PLIES;
        if (got.winner != want.winner || !plies_fit(got, want, gdone[0] == 0))
            report("sideways", &p, want, got);
        assert_int_equal(got.winner, want.winner);
        assert_true(plies_fit(got, want, gdone[0] == 0));
        seen[want.winner + 1]++;
    }
    print_message("draws %d, fox %d, geese %d\n", seen[0], seen[1], seen[2]);
    assert_true(seen[0] > 5 && seen[1] > 5 && seen[2] > 5);
}

/* The position p in g, with its rules' `sideways`. */
static void set_position(herd_game *g, const pos *p, int sideways)
{
    char text[HERD_MAX_POSITION_TEXT];
    int n = snprintf(text, sizeof text, "fox turn=%s chain=%d sideways=%d fox=%c%d geese=",
                     p->mode == GEESE ? "geese" : "fox", p->mode == CHAIN, sideways,
                     'a' + cell[p->fox].row, cell[p->fox].col + 1);
    for (int q = 0; q < NP; q++)
        if (p->geese >> q & 1)
            n += snprintf(text + n, sizeof text - (size_t)n, "%s%c%d",
                          text[n - 1] == '=' ? "" : ",", 'a' + cell[q].row, cell[q].col + 1);
    if (herd_position_from_text(g, text) != HERD_OK)
        print_error("%s: %s\n", text, herd_last_error(g));
    assert_int_equal(herd_position_from_text(g, text), HERD_OK);
}

/* A fox game of the library, with the allocator given (NULL: malloc). */
static herd_game *fox_game(int sideways, test_alloc *a)
{
    herd_game *g = NULL;
    herd_error err;
    assert_int_equal(herd_new("fox", sideways ? "sideways=1" : "", a ? ta_fn : NULL, a, &g, &err),
                     HERD_OK);
    return g;
}

/* The game as lib/games/fox/fox.c has it, for the tests that play its actions. */
static herd_game *game_at(const pos *p, int sideways)
{
    herd_game *g = fox_game(sideways, NULL);
    set_position(g, p, sideways);
    return g;
}

/* The position of a game, read through the public API. */
static val value_in(const fox_table *t, const herd_game *g)
{
    herd_status st;
    herd_cell fox;
    val v = {0, 0};
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    if (st.result != HERD_ONGOING) {
        v.winner = st.side;
        return v;
    }
    pos p = {0, st.side == HERD_FOX_GEESE ? GEESE : FOX, 0};
    int chain, side;
    herd_fox_locate(g, &fox);
    herd_fox_in_chain(g, &chain);
    if (chain)
        p.mode = CHAIN;
    for (int q = 0; q < NP; q++) {
        herd_fox_at(g, cell[q], &side);
        if (side == HERD_FOX_GEESE)
            p.geese |= 1ull << q;
        else if (side == HERD_FOX_FOX)
            p.fox = q;
    }
    assert_true(cell[p.fox].row == fox.row && cell[p.fox].col == fox.col);
    return query(t, &p);
}

/* Each value is the mover's best over the values after each action that
 * lib/games/fox/fox.c lists, played by herd_apply(): exactly, plies included, with
 * distances; the winner, with sideways steps. */
static void check_against_the_game(const fox_table *t, int sideways, int exact, uint64_t seed)
{
    test_rng r;
    trng_seed(&r, seed);
    for (int i = 0; i < 300; i++) {
        int k = 4 + (int)trng_below(&r, (unsigned)herdi_fox_solve_geese(t) - 3), mode = i % 3;
        pos p = random_pos(&r, k, 6, mode);
        herd_game *g = game_at(&p, sideways);
        val v = value_in(t, g);
        herd_move moves[HERD_FOX_MAX_MOVES];
        size_t n;
        assert_int_equal(herd_legal_moves(g, moves, HERD_FOX_MAX_MOVES, &n), HERD_OK);
        int me = mover(&p), wins = 0, draws = 0;
        unsigned win = 0, loss = 0;
        for (size_t j = 0; j < n; j++) {
            assert_int_equal(herd_apply(g, moves[j]), HERD_OK);
            val c = value_in(t, g);
            assert_int_equal(herd_undo(g), HERD_OK);
            if (c.winner == me && (!wins++ || c.plies < win))
                win = c.plies;
            draws += c.winner == FOX_SOLVE_DRAW;
            if (c.winner == !me && c.plies > loss)
                loss = c.plies;
        }
        if (n == 0) {
            assert_int_equal(v.plies, 0); /* over: its winner, no plies */
        } else {
            assert_int_equal(v.winner, wins ? me : draws ? FOX_SOLVE_DRAW : !me);
            if (exact)
                assert_int_equal(v.plies, 1 + (wins ? win : loss));
        }
        herd_free(g);
    }
}

static void values_follow_from_the_games_actions(void **state)
{
    (void)state;
    check_against_the_game(exact6, 0, 1, 31);
    check_against_the_game(side6, 1, 0, 32);
}

/* A mirrored position has the mirrored value. */
static void mirror_images_share_values(void **state)
{
    (void)state;
    test_rng r;
    trng_seed(&r, 24);
    int image[NP];
    for (int p = 0; p < NP; p++)
        for (int q = 0; q < NP; q++)
            if (cell[q].row == cell[p].row && cell[q].col == 6 - cell[p].col)
                image[p] = q;
    for (int i = 0; i < 300; i++) {
        pos p = random_pos(&r, 4 + i % 3, 6, i % 3), m = p;
        m.fox = image[p.fox];
        m.geese = 0;
        for (int q = 0; q < NP; q++)
            if (p.geese >> q & 1)
                m.geese |= 1ull << image[q];
        val a = query(exact6, &p), b = query(exact6, &m);
        assert_int_equal(a.winner, b.winner);
        assert_int_equal(a.plies, b.plies);
    }
}

/* The build without BMI2 instructions gives the same answers. */
static void plain_build_agrees(void **state)
{
    (void)state;
    fox_table *plain = build(6, 5, 0, 1), *side = build(4, 0, 1, 1);
    test_rng r;
    trng_seed(&r, 25);
    for (int i = 0; i < 2000; i++) {
        pos p = random_pos(&r, 4 + i % 3, 6, i % 3);
        val a = query(exact6, &p), b = query(plain, &p);
        assert_int_equal(a.winner, b.winner);
        if (count(p.geese) <= 5)
            assert_int_equal(a.plies, b.plies);
        if (count(p.geese) == 4) {
            a = query(side6, &p);
            b = query(side, &p);
            assert_int_equal(a.winner, b.winner);
            assert_int_equal(a.plies, b.plies);
        }
    }
    herdi_fox_solve_free(plain);
    herdi_fox_solve_free(side);
}

static void queries_are_checked(void **state)
{
    (void)state;
    int w = 7;
    unsigned n = 7;
    fox_solve_position ok = {16, 0xffull << 20, HERD_FOX_FOX, 0}; /* eight geese */
    assert_int_equal(herdi_fox_solve_query(exact6, &ok, &w, &n), HERD_E_UNSUPPORTED);
    fox_solve_position bad[] = {
        {-1, 1ull << 20, HERD_FOX_FOX, 0},         /* no such point */
        {33, 1ull << 20, HERD_FOX_FOX, 0},         /* no such point */
        {16, 1ull << 33, HERD_FOX_FOX, 0},         /* a goose off the board */
        {16, 1ull << 16 | 0xf, HERD_FOX_FOX, 0},   /* the fox on a goose */
        {16, 0xf, 2, 0},                           /* no such side */
        {16, 0xf, HERD_FOX_FOX, 2},                /* chain is 0 or 1 */
        {16, 0xf, HERD_FOX_FOX, 1},                /* a chain without a jump */
        {16, 0xf | 1ull << 17, HERD_FOX_GEESE, 1}, /* a chain, the geese to move */
        {16, 1ull << 17, HERD_FOX_FOX, 1},         /* a chain with one goose */
        {32, 0xffffffffull, HERD_FOX_FOX, 0},      /* 32 geese */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(herdi_fox_solve_query(exact6, &bad[i], &w, &n), HERD_E_ARG);
    assert_int_equal(herdi_fox_solve_query(exact6, NULL, &w, &n), HERD_E_ARG);
    assert_int_equal(w, 7);
    assert_int_equal(n, 7);
    fox_solve_position three = {16, 1ull << 17 | 1ull << 18 | 1ull << 0, HERD_FOX_FOX, 0};
    assert_int_equal(herdi_fox_solve_query(exact6, &three, &w, &n), HERD_OK);
    assert_int_equal(w, HERD_FOX_FOX); /* captured */
    assert_int_equal(n, 0);
    assert_int_equal(herdi_fox_solve_geese(exact6), 6);
    assert_int_equal(herdi_fox_solve_exact(bits6), 4);
    assert_int_equal(herdi_fox_solve_sideways(side6), 1);
    assert_true(herdi_fox_solve_rank(HERD_FOX_FOX, HERD_FOX_FOX, 3) >
                herdi_fox_solve_rank(HERD_FOX_FOX, HERD_FOX_FOX, 5));
    assert_true(herdi_fox_solve_rank(HERD_FOX_FOX, HERD_FOX_FOX, FOX_SOLVE_NO_PLIES) >
                herdi_fox_solve_rank(HERD_FOX_FOX, FOX_SOLVE_DRAW, FOX_SOLVE_NO_PLIES));
    assert_true(herdi_fox_solve_rank(HERD_FOX_GEESE, FOX_SOLVE_DRAW, FOX_SOLVE_NO_PLIES) >
                herdi_fox_solve_rank(HERD_FOX_GEESE, HERD_FOX_FOX, FOX_SOLVE_NO_PLIES));
    assert_true(herdi_fox_solve_rank(HERD_FOX_GEESE, HERD_FOX_FOX, 9) >
                herdi_fox_solve_rank(HERD_FOX_GEESE, HERD_FOX_FOX, 2));
}

static void options_are_checked(void **state)
{
    (void)state;
    char buf[200];
    herd_msg msg = {buf, sizeof buf};
    fox_table *t = (fox_table *)&buf; /* must stay untouched */
    struct {
        int sideways, geese, exact, rc;
        const char *says;
    } bad[] = {
        {2, 6, 0, HERD_E_ARG, "sideways=2"},       {0, 3, 0, HERD_E_ARG, "geese=3"},
        {0, 18, 0, HERD_E_ARG, "geese=18"},        {0, 6, 3, HERD_E_ARG, "exact=3"},
        {0, 6, 7, HERD_E_ARG, "exact=7"},          {0, 12, 11, HERD_E_ARG, "exact=11"},
        {1, 6, 5, HERD_E_UNSUPPORTED, "sideways"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        fox_solve_options o;
        herdi_fox_solve_default_options(&o);
        o.sideways = bad[i].sideways;
        o.geese = bad[i].geese;
        o.exact = bad[i].exact;
        assert_int_equal(herdi_fox_solve_build(&t, &o, msg), bad[i].rc);
        assert_non_null(strstr(buf, bad[i].says));
        assert_ptr_equal(t, (fox_table *)&buf);
        assert_true(herdi_fox_solve_need(&o, NULL) == 0);
    }
    assert_int_equal(herdi_fox_solve_build(&t, NULL, msg), HERD_E_ARG);
    fox_solve_options o;
    herdi_fox_solve_default_options(&o);
    assert_int_equal(herdi_fox_solve_build(NULL, &o, msg), HERD_E_ARG);
    herdi_fox_solve_default_options(NULL); /* harmless */
    herdi_fox_solve_free(NULL);
}

/* ------------------------------------------------ memory, failure, stop */

static void options_with(fox_solve_options *o, peak_alloc *pa, int geese, int exact, int sideways)
{
    herdi_fox_solve_default_options(o);
    o->geese = geese;
    o->exact = exact;
    o->sideways = sideways;
    o->alloc = peak_fn;
    o->alloc_ud = pa;
}

/* The limit refuses before allocating and says how much is needed; at
 * exactly the need the build fits, its peak is that need and the table
 * holds what herdi_fox_solve_need() said it keeps. */
static void memory_limit(void **state)
{
    (void)state;
    int cases[][3] = {{5, 0, 0}, {6, 5, 0}, {5, 5, 0}, {5, 0, 1}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        peak_alloc pa = {{0}, 0};
        fox_solve_options o;
        char buf[200], need_text[32];
        herd_msg msg = {buf, sizeof buf};
        fox_table *t = NULL;
        options_with(&o, &pa, cases[i][0], cases[i][1], cases[i][2]);
        uint64_t kept, need = herdi_fox_solve_need(&o, &kept);
        assert_true(need >= kept && kept > 0);
        o.memory = need - 1;
        assert_int_equal(herdi_fox_solve_build(&t, &o, msg), HERD_E_UNSUPPORTED);
        snprintf(need_text, sizeof need_text, "(%llu bytes)", (unsigned long long)need);
        assert_non_null(strstr(buf, need_text));
        assert_int_equal(pa.a.requests, 0);
        assert_null(t);
        o.memory = need;
        assert_int_equal(herdi_fox_solve_build(&t, &o, msg), HERD_OK);
        assert_true(pa.peak == need);
        assert_true(pa.a.live_bytes == kept);
        assert_true(herdi_fox_solve_size(t) == kept);
        herdi_fox_solve_free(t);
        assert_int_equal(pa.a.live_blocks, 0);
        assert_int_equal(pa.a.bad_old_size, 0);
    }
}

/* Failing the k-th allocation, for every k: HERD_E_NOMEM, nothing left. */
static void allocation_failures(void **state)
{
    (void)state;
    int cases[][3] = {{5, 4, 0}, {4, 0, 1}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        peak_alloc pa = {{0}, 0};
        fox_solve_options o;
        char buf[200];
        herd_msg msg = {buf, sizeof buf};
        fox_table *t = NULL;
        options_with(&o, &pa, cases[c][0], cases[c][1], cases[c][2]);
        assert_int_equal(herdi_fox_solve_build(&t, &o, msg), HERD_OK);
        herdi_fox_solve_free(t);
        long requests = pa.a.requests;
        assert_true(requests > 4);
        for (long k = 1; k <= requests; k++) {
            memset(&pa, 0, sizeof pa);
            pa.a.fail_at = k;
            t = NULL;
            assert_int_equal(herdi_fox_solve_build(&t, &o, msg), HERD_E_NOMEM);
            assert_non_null(strstr(buf, "out of memory"));
            assert_null(t);
            assert_int_equal(pa.a.live_blocks, 0);
            assert_int_equal(pa.a.bad_old_size, 0);
        }
    }
}

typedef struct watch {
    long calls, stop_at;
    double last;
    int rising;
} watch;

static int stop_at(void *ud)
{
    watch *w = ud;
    return ++w->calls == w->stop_at;
}

static void progress_seen(void *ud, double done)
{
    watch *w = ud;
    if (done < w->last || done > 1)
        w->rising = 0;
    w->last = done;
}

/* stop() ends the build at any call, leaving nothing allocated; progress
 * rises to 1. */
static void stop_and_progress(void **state)
{
    (void)state;
    int cases[][3] = {{5, 4, 0}, {4, 0, 1}};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        peak_alloc pa = {{0}, 0};
        watch w = {0, 0, 0, 1};
        fox_solve_options o;
        char buf[200];
        herd_msg msg = {buf, sizeof buf};
        fox_table *t = NULL;
        options_with(&o, &pa, cases[c][0], cases[c][1], cases[c][2]);
        o.stop = stop_at;
        o.progress = progress_seen;
        o.ud = &w;
        assert_int_equal(herdi_fox_solve_build(&t, &o, msg), HERD_OK);
        assert_true(w.rising);
        assert_true(w.last == 1);
        herdi_fox_solve_free(t);
        long calls = w.calls;
        assert_true(calls > 3);
        for (long k = 1; k <= calls; k += k < 4 || calls < 28 ? 1 : calls / 7) {
            watch x = {0, k, 0, 1};
            o.ud = &x;
            t = NULL;
            assert_int_equal(herdi_fox_solve_build(&t, &o, msg), HERD_E_INTERRUPTED);
            assert_non_null(strstr(buf, "stopped"));
            assert_null(t);
            assert_int_equal(pa.a.live_blocks, 0);
        }
    }
}

/* ------------------------------------- herd_solve() and the perfect level */

enum { PERFECT = 4 }; /* the fox's `perfect` level */

/* Whether the message of g's last refusal contains `part`. */
static int says(const herd_game *g, const char *part)
{
    if (strstr(herd_last_error(g), part))
        return 1;
    print_error("'%s' not in '%s'\n", part, herd_last_error(g));
    return 0;
}

/* herd_solve() on positions of every kind, 4 to 6 geese, on one handle:
 * the search's winner and plies; its table is built for six geese by the
 * first position and never again. */
static void solve_answers_as_the_search(void **state)
{
    (void)state;
    test_rng r;
    test_alloc a;
    trng_seed(&r, 41);
    ta_init(&a);
    memset(memo_key, 0, sizeof memo_key);
    memo_used = 0;
    herd_game *g = fox_game(0, &a);
    assert_int_equal(herd_fox_set_solve_limit(g, 6), HERD_OK);
    long built = 0;
    int seen[2] = {0};
    for (int i = 0; i < 150; i++) {
        int geese = i / 9 % 2, k = i == 0 || geese ? 6 : 4 + i % 3, mode = (i / 3) % 3;
        pos p = pick(&r, exact6, k, 2 + (int)trng_below(&r, k == 4 ? 3 : 2), mode, geese);
        if (memo_used > (1 << MEMO_BITS) / 8) {
            memset(memo_key, 0, sizeof memo_key);
            memo_used = 0;
        }
        val want = dfs(&p);
        set_position(g, &p, 0);
        int winner = -3;
        unsigned plies = 0;
        assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
        if (winner != want.winner || plies != want.plies)
            report("herd_solve", &p, want, (val){winner, plies});
        assert_int_equal(winner, want.winner);
        assert_int_equal(plies, want.plies);
        seen[winner]++;
        if (i == 0)
            built = a.requests;
    }
    assert_true(seen[0] > 20 && seen[1] > 20);
    assert_int_equal(a.requests, built); /* once per handle */
    herd_free(g);
    assert_int_equal(a.live_blocks, 0);
    assert_int_equal(a.bad_old_size, 0);
}

/* With sideways steps the table keeps who wins, not how soon: herd_solve()
 * refuses a position that goes on, and its message tells the winner or the
 * draw (as the table checked against the search above has it); an ended
 * one gets its winner and 0. */
static void solve_with_sideways_tells_the_winner(void **state)
{
    (void)state;
    test_rng r;
    trng_seed(&r, 42);
    herd_game *g = fox_game(1, NULL);
    assert_int_equal(herd_fox_set_solve_limit(g, 6), HERD_OK);
    int seen[4] = {0};
    for (int i = 0; i < 90; i++) {
        int aim = i % 3 - 1, k = aim == HERD_FOX_GEESE ? 6 : 4 + i / 3 % 3;
        pos p = pick(&r, side6, k, 2 + (int)trng_below(&r, 2), i / 9 % 2 ? GEESE : FOX, aim);
        val want = query(side6, &p);
        set_position(g, &p, 1);
        int winner = -3;
        unsigned plies = 77;
        int rc = herd_solve(g, &winner, &plies);
        if (ended(&p, 1).winner != -2) {
            assert_int_equal(rc, HERD_OK);
            assert_int_equal(winner, want.winner);
            assert_int_equal(plies, 0);
            seen[3]++;
            continue;
        }
        assert_int_equal(rc, HERD_E_UNSUPPORTED);
        assert_int_equal(winner, -3);
        assert_int_equal(plies, 77);
        assert_true(says(g, want.winner == FOX_SOLVE_DRAW ? "a draw with perfect play"
                            : want.winner == HERD_FOX_FOX ? "the fox would win"
                                                          : "the geese would win"));
        seen[want.winner + 1]++;
    }
    print_message("draws %d, fox %d, geese %d, ended %d\n", seen[0], seen[1], seen[2], seen[3]);
    assert_true(seen[0] > 5 && seen[1] > 5 && seen[2] > 5);
    herd_free(g);
}

/* The limit: refused out of range (nothing changes), positions beyond it
 * refused with a message that says so and builds nothing, raised to
 * answer them, lowered to free a larger table at once; a game in caller
 * memory has no room for a table. */
static void solve_limit(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g = fox_game(0, &a), *hare = NULL;
    size_t game = a.live_bytes;
    herd_error err;
    int winner = 77;
    unsigned plies = 77;
    assert_int_equal(herd_new("hare", "", NULL, NULL, &hare, &err), HERD_OK);
    assert_int_equal(herd_fox_set_solve_limit(NULL, 6), HERD_E_ARG);
    assert_int_equal(herd_fox_set_solve_limit(hare, 6), HERD_E_ARG);
    assert_string_equal(herd_last_error(hare),
                        "herd_fox_set_solve_limit() takes a fox game, not hare");
    int limit = 0;
    assert_int_equal(herd_fox_solve_limit(NULL, &limit), HERD_E_ARG);
    assert_int_equal(herd_fox_solve_limit(hare, &limit), HERD_E_ARG);
    assert_int_equal(herd_fox_solve_limit(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_fox_solve_limit(g, &limit), HERD_OK);
    assert_int_equal(limit, HERD_FOX_SOLVE_DEFAULT);
    assert_int_equal(herd_fox_set_solve_limit(g, 3), HERD_E_RANGE);
    assert_int_equal(herd_fox_solve_limit(g, &limit), HERD_OK);
    assert_int_equal(limit, HERD_FOX_SOLVE_DEFAULT); /* a refused limit changes nothing */
    assert_true(says(g, "a solve limit of 3 geese is out of range 4..10"));
    assert_int_equal(herd_fox_set_solve_limit(g, HERD_FOX_SOLVE_MAX + 1), HERD_E_RANGE);
    assert_true(says(g, "of 11 geese"));
    /* The default limit: the start and a nine-geese position are refused. */
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_UNSUPPORTED);
    assert_true(says(g, "solved up to 8 geese") && says(g, "has 13"));
    pos nine = {16, FOX, 0}, six = {16, FOX, 0}, five;
    for (int q = 0, n = 0; q < NP && n < 9; q++)
        if (cell[q].row <= 2) {
            nine.geese |= 1ull << q;
            six.geese |= n < 6 ? 1ull << q : 0;
            n++;
        }
    five = six;
    five.geese &= five.geese - 1;
    set_position(g, &nine, 0);
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_UNSUPPORTED);
    assert_true(says(g, "has 9"));
    size_t holder = a.live_bytes; /* the limit's setting, no table */
    assert_true(holder - game < 100);
    /* The level's limit below: a table larger than the solve limit is
     * larger than both, and goes. */
    assert_int_equal(herd_fox_set_level_limit(g, 4), HERD_OK);
    assert_int_equal(herd_fox_set_solve_limit(g, 5), HERD_OK);
    assert_int_equal(herd_fox_solve_limit(g, &limit), HERD_OK);
    assert_int_equal(limit, 5);
    set_position(g, &six, 0);
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_UNSUPPORTED);
    assert_true(says(g, "solved up to 5 geese") && says(g, "has 6"));
    assert_true(winner == 77 && plies == 77);
    assert_true(a.live_bytes == holder);
    /* Raised: the six-geese position is answered, as the search has it. */
    assert_int_equal(herd_fox_set_solve_limit(g, 6), HERD_OK);
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
    val want = dfs(&six);
    assert_int_equal(winner, want.winner);
    assert_int_equal(plies, want.plies);
    size_t six_table = a.live_bytes;
    assert_true(six_table > 1000000);
    /* Lowered: the table goes at once, a smaller one comes when needed. */
    assert_int_equal(herd_fox_set_solve_limit(g, 5), HERD_OK);
    assert_true(a.live_bytes == holder);
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_UNSUPPORTED);
    set_position(g, &five, 0);
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
    want = dfs(&five);
    assert_int_equal(winner, want.winner);
    assert_int_equal(plies, want.plies);
    assert_true(a.live_bytes > holder && a.live_bytes < six_table);
    /* In caller memory: no allocator, no table. */
    _Alignas(max_align_t) unsigned char mem[8192];
    herd_game *c;
    assert_int_equal(herd_copy_into(g, mem, sizeof mem, &c), HERD_OK);
    assert_int_equal(herd_fox_set_solve_limit(c, 6), HERD_E_NOMEM);
    winner = 77;
    assert_int_equal(herd_solve(c, &winner, &plies), HERD_E_NOMEM);
    assert_int_equal(winner, 77);
    herd_free(hare);
    herd_free(g);
    assert_int_equal(a.live_blocks, 0);
    assert_int_equal(a.bad_old_size, 0);
}

static val solve_of(herd_game *g);

/* The perfect level's own limit, apart from herd_solve()'s: checked as
 * the solve limit is; the level builds no table beyond it and searches,
 * but plays from a table herd_solve() built; the handle frees a table
 * only when it is larger than both limits. */
static void level_limit(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g = fox_game(0, &a), *hare = NULL;
    herd_error err;
    assert_int_equal(herd_new("hare", "", NULL, NULL, &hare, &err), HERD_OK);
    int limit = 0, solve = 0;
    assert_int_equal(herd_fox_set_level_limit(NULL, 6), HERD_E_ARG);
    assert_int_equal(herd_fox_set_level_limit(hare, 6), HERD_E_ARG);
    assert_string_equal(herd_last_error(hare),
                        "herd_fox_set_level_limit() takes a fox game, not hare");
    assert_int_equal(herd_fox_level_limit(NULL, &limit), HERD_E_ARG);
    assert_int_equal(herd_fox_level_limit(hare, &limit), HERD_E_ARG);
    assert_int_equal(herd_fox_level_limit(g, NULL), HERD_E_ARG);
    assert_int_equal(herd_fox_level_limit(g, &limit), HERD_OK);
    assert_int_equal(limit, HERD_FOX_LEVEL_LIMIT_DEFAULT);
    assert_true(HERD_FOX_LEVEL_LIMIT_DEFAULT < HERD_FOX_SOLVE_DEFAULT);
    for (int bad = 3; bad <= HERD_FOX_SOLVE_MAX + 1; bad += HERD_FOX_SOLVE_MAX + 1 - 3) {
        char want[64];
        snprintf(want, sizeof want, "a level limit of %d geese is out of range 4..10", bad);
        assert_int_equal(herd_fox_set_level_limit(g, bad), HERD_E_RANGE);
        assert_true(says(g, want));
        assert_int_equal(herd_fox_level_limit(g, &limit), HERD_OK);
        assert_int_equal(limit, HERD_FOX_LEVEL_LIMIT_DEFAULT); /* nothing changes */
    }
    /* Apart: each setter moves its own limit only. */
    assert_int_equal(herd_fox_set_level_limit(g, 4), HERD_OK);
    assert_int_equal(herd_fox_set_solve_limit(g, 6), HERD_OK);
    assert_int_equal(herd_fox_level_limit(g, &limit), HERD_OK);
    assert_int_equal(herd_fox_solve_limit(g, &solve), HERD_OK);
    assert_true(limit == 4 && solve == 6);
    pos five = {16, FOX, 0};
    for (int q = 0; q < NP && count(five.geese) < 5; q++)
        if (cell[q].row <= 2)
            five.geese |= 1ull << q;
    set_position(g, &five, 0);
    size_t holder = a.live_bytes;
    /* Beyond the level's limit: no table, the search. */
    herd_move m;
    size_t bytes = 0;
    assert_int_equal(herd_memory_needed(g, PERFECT, &bytes), HERD_OK);
    assert_true(bytes < 2000000);
    assert_int_equal(herd_genmove(g, PERFECT, &m), HERD_OK);
    assert_true(a.live_bytes == holder);
    /* herd_solve() builds it (within its limit); the level then plays from
     * it and keeps the value. */
    val before = solve_of(g);
    size_t five_table = a.live_bytes;
    assert_true(five_table > holder);
    assert_int_equal(herd_memory_needed(g, PERFECT, &bytes), HERD_OK);
    assert_true(bytes < five_table - holder + 1000); /* reads it: no search */
    assert_int_equal(herd_play_genmove(g, PERFECT, &m), HERD_OK);
    val after = solve_of(g);
    assert_int_equal(after.winner, before.winner);
    assert_int_equal(after.plies, before.plies - 1);
    assert_int_equal(herd_undo(g), HERD_OK);
    /* A table within either limit stays; one beyond both goes at once (the
     * history's room grew meanwhile: counted from here). */
    size_t kept = a.live_bytes;
    assert_int_equal(herd_fox_set_level_limit(g, 5), HERD_OK);
    assert_int_equal(herd_fox_set_solve_limit(g, 4), HERD_OK);
    assert_true(a.live_bytes == kept);
    assert_int_equal(herd_fox_set_level_limit(g, 4), HERD_OK);
    size_t table = five_table - holder;
    assert_true(a.live_bytes == kept - table);
    holder = a.live_bytes;
    /* Within the level's limit, the level builds it, and herd_solve() still
     * refuses beyond its own limit. */
    assert_int_equal(herd_fox_set_level_limit(g, 5), HERD_OK);
    assert_int_equal(herd_genmove(g, PERFECT, &m), HERD_OK);
    assert_true(a.live_bytes == holder + table);
    int winner = 77;
    unsigned plies = 77;
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_UNSUPPORTED);
    assert_true(says(g, "solved up to 4 geese") && says(g, "has 5"));
    assert_true(winner == 77 && plies == 77);
    /* In caller memory: no room for the setting. */
    _Alignas(max_align_t) unsigned char mem[8192];
    herd_game *c;
    assert_int_equal(herd_copy_into(g, mem, sizeof mem, &c), HERD_OK);
    assert_int_equal(herd_fox_set_level_limit(c, 6), HERD_E_NOMEM);
    assert_int_equal(herd_fox_level_limit(c, &limit), HERD_OK);
    assert_int_equal(limit, HERD_FOX_LEVEL_LIMIT_DEFAULT);
    herd_free(hare);
    herd_free(g);
    assert_int_equal(a.live_blocks, 0);
    assert_int_equal(a.bad_old_size, 0);
}

typedef struct stopper {
    long calls, stop_at;
} stopper;

static int stop_on(void *ud)
{
    stopper *s = ud;
    return ++s->calls == s->stop_at;
}

/* The table's build stops for herd_interrupt() (the request then spent)
 * and for the progress handler at any of its calls, freeing what it had
 * built; the next call builds it whole. */
static void solve_is_stopped(void **state)
{
    (void)state;
    test_alloc a;
    ta_init(&a);
    herd_game *g = fox_game(0, &a);
    pos p = {16, FOX, 0};
    for (int q = 0; q < NP && count(p.geese) < 5; q++)
        if (cell[q].row <= 2)
            p.geese |= 1ull << q;
    set_position(g, &p, 0);
    val want = dfs(&p);
    int winner = 77;
    unsigned plies = 77;
    assert_int_equal(herd_fox_set_solve_limit(g, 6), HERD_OK);
    size_t holder = a.live_bytes;
    herd_interrupt(g);
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_INTERRUPTED);
    assert_true(winner == 77 && plies == 77);
    assert_true(a.live_bytes == holder);
    assert_true(says(g, "stopped"));
    /* Every call of the handler, one in each build. */
    stopper all = {0, 0};
    herd_game *h = fox_game(0, NULL);
    set_position(h, &p, 0);
    assert_int_equal(herd_set_progress(h, stop_on, &all, 1), HERD_OK);
    assert_int_equal(herd_solve(h, &winner, &plies), HERD_OK);
    herd_free(h);
    assert_true(all.calls > 3);
    winner = 77;
    plies = 77;
    for (long k = 1; k <= all.calls; k += 1 + all.calls / 6) {
        stopper s = {0, k};
        assert_int_equal(herd_set_progress(g, stop_on, &s, 1), HERD_OK);
        assert_int_equal(herd_solve(g, &winner, &plies), HERD_E_INTERRUPTED);
        assert_true(winner == 77 && plies == 77);
        assert_true(a.live_bytes == holder);
    }
    assert_int_equal(herd_set_progress(g, NULL, NULL, 0), HERD_OK);
    assert_int_equal(herd_solve(g, &winner, &plies), HERD_OK);
    assert_int_equal(winner, want.winner);
    assert_int_equal(plies, want.plies);
    herd_free(g);
    assert_int_equal(a.live_blocks, 0);
}

/* The solved value of g's position through herd_solve() (no sideways). */
static val solve_of(herd_game *g)
{
    val v = {-3, 0};
    assert_int_equal(herd_solve(g, &v.winner, &v.plies), HERD_OK);
    return v;
}

/* The perfect level keeps the solved value: without sideways steps its
 * action leads to the same winner one ply nearer the end (the quickest
 * win, the longest resistance); with them, never from a win or a draw to
 * a loss. Its hint is its move. */
static void perfect_level_keeps_the_value(void **state)
{
    (void)state;
    test_rng r;
    trng_seed(&r, 43);
    for (int sideways = 0; sideways < 2; sideways++) {
        herd_game *g = fox_game(sideways, NULL);
        assert_int_equal(herd_fox_set_solve_limit(g, 6), HERD_OK);
        int kept[3] = {0};
        for (int i = 0; i < (sideways ? 30 : 90); i++) {
            int k = 4 + i % 3, mode = i / 3 % 3, aim = (sideways ? i : i / 9) % 3 - 1;
            const fox_table *t = sideways ? side6 : exact6;
            if (!sideways)
                aim = aim < 0 ? HERD_FOX_FOX : aim;
            if (aim == HERD_FOX_GEESE)
                k = 6;
            pos p = pick(&r, t, k, 2 + (int)trng_below(&r, 2),
                         aim == HERD_FOX_GEESE && mode == CHAIN ? FOX : mode, aim);
            if (ended(&p, sideways).winner != -2)
                continue;
            set_position(g, &p, sideways);
            val before = sideways ? query(t, &p) : solve_of(g);
            herd_move m, hint;
            assert_int_equal(herd_hint(g, PERFECT, &hint), HERD_OK);
            assert_int_equal(herd_play_genmove(g, PERFECT, &m), HERD_OK);
            assert_true(m == hint);
            val after = sideways ? value_in(t, g) : solve_of(g);
            int me = mover(&p);
            if (!sideways) {
                assert_int_equal(after.winner, before.winner);
                assert_int_equal(after.plies, before.plies - 1);
            } else if (before.winner == me) {
                assert_int_equal(after.winner, me);
            } else if (before.winner == FOX_SOLVE_DRAW) {
                assert_int_not_equal(after.winner, !me);
            }
            kept[before.winner + 1]++;
        }
        print_message("sideways=%d: draws %d, fox %d, geese %d kept\n", sideways, kept[0], kept[1],
                      kept[2]);
        assert_true(kept[1] > 5 && kept[2] > (sideways ? 1 : 5) && (!sideways || kept[0] > 3));
        herd_free(g);
    }
}

/* Beyond the table the perfect level searches as the expert does. */
static void perfect_level_searches_beyond_the_table(void **state)
{
    (void)state;
    herd_game *g = fox_game(0, NULL), *e;
    assert_int_equal(herd_fox_set_level_limit(g, 4), HERD_OK);
    assert_int_equal(herd_clone(g, NULL, NULL, &e), HERD_OK);
    for (int i = 0; i < 6; i++) {
        herd_move m, x;
        assert_int_equal(herd_genmove(g, PERFECT, &m), HERD_OK);
        assert_int_equal(herd_genmove(e, PERFECT - 1, &x), HERD_OK);
        assert_true(m == x); /* no table in reach: the expert's search */
        assert_int_equal(herd_apply(g, m), HERD_OK);
        assert_int_equal(herd_apply(e, m), HERD_OK);
    }
    herd_free(e);
    herd_free(g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(values_match_the_search),
        cmocka_unit_test(sideways_values_match_the_search),
        cmocka_unit_test(values_follow_from_the_games_actions),
        cmocka_unit_test(mirror_images_share_values),
        cmocka_unit_test(plain_build_agrees),
        cmocka_unit_test(queries_are_checked),
        cmocka_unit_test(options_are_checked),
        cmocka_unit_test(memory_limit),
        cmocka_unit_test(allocation_failures),
        cmocka_unit_test(stop_and_progress),
        cmocka_unit_test(solve_answers_as_the_search),
        cmocka_unit_test(solve_with_sideways_tells_the_winner),
        cmocka_unit_test(solve_limit),
        cmocka_unit_test(level_limit),
        cmocka_unit_test(solve_is_stopped),
        cmocka_unit_test(perfect_level_keeps_the_value),
        cmocka_unit_test(perfect_level_searches_beyond_the_table),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
