/* Hare and Hounds (docs/hare.md) on the hunt mechanism: the board's data,
 * the hounds' directions, the stall count, the four ends, and the exact
 * solution by retrograde analysis. */
#include <string.h>

#include "herd/hare.h"
#include "ai/search.h"
#include "hunt.h"
#include "internal.h"

#define N HUNT_BIT(HUNT_N)
#define NE HUNT_BIT(HUNT_NE)
#define E HUNT_BIT(HUNT_E)
#define SE HUNT_BIT(HUNT_SE)
#define S HUNT_BIT(HUNT_S)
#define SW HUNT_BIT(HUNT_SW)
#define W HUNT_BIT(HUNT_W)
#define NW HUNT_BIT(HUNT_NW)

/* The eleven points, row by row, each as X(row, column, the lines that
 * leave it): the rows and columns of the 3x3 square, its two diagonals
 * through c2, and each end point to the three points of the row next to it
 * (22 lines). */
#define POINTS(X)                                              \
    X(0, 1, SW | S | SE)                       /* a2 */        \
    X(1, 0, NE | E | S | SE)                   /* b1 */        \
    X(1, 1, N | E | S | W)                     /* b2 */        \
    X(1, 2, NW | W | S | SW)                   /* b3 */        \
    X(2, 0, N | E | S)                         /* c1 */        \
    X(2, 1, N | NE | E | SE | S | SW | W | NW) /* c2 */        \
    X(2, 2, N | W | S)                         /* c3 */        \
    X(3, 0, N | NE | E | SE)                   /* d1 */        \
    X(3, 1, N | E | S | W)                     /* d2 */        \
    X(3, 2, N | NW | W | SW)                   /* d3 */        \
    X(4, 1, NW | N | NE)                       /* e2 */
/* The point at a cell of the board, as a constant expression. */
#define AT(r, c) ((r) == 0 ? 0 : (r) == 4 ? 10 : 1 + ((r)-1) * 3 + (c))
#define CELL(r, c, links) {r, c},
#define LINKS(r, c, links) links,
#define NEXT(r, c, links) HUNT_NEXT(AT, r, c, links),
#define NEAR(r, c, links) HUNT_NEAR(AT, r, c, links),
#define CODE(r, c, links) HUNT_CODE(r, c),
#define FIRST_STEP(r, c, links) HUNT_FIRST(STEPS_BEFORE, r, c, links)
#define NUMBERS(r, c, links) HUNT_NUMBERS(STEPS_BEFORE_##r##_##c, links),

/* The action space: the steps (HUNT_FIRST). */
enum { POINTS(FIRST_STEP) ACTIONS };

static const hunt_board board = {
    .points = HERD_HARE_POINTS,
    .cell = {POINTS(CELL)},
    .index = {{0, 1, 0}, {2, 3, 4}, {5, 6, 7}, {8, 9, 10}, {0, 11, 0}},
    .links = {POINTS(LINKS)},
    .next = {POINTS(NEXT)},
    .near = {POINTS(NEAR)},
    .code = {POINTS(CODE)},
    .number = {{POINTS(NUMBERS)}},
    .actions = ACTIONS,
};

/* A hound moves up, diagonally up or sideways: never down. */
#define HOUND_DIRS (HUNT_UP | HUNT_SIDEWAYS)

enum { A2 = 0, D1 = 7, D3 = 9, E2 = 10 };
#define START_HOUNDS ((hunt_set)1 << E2 | (hunt_set)1 << D1 | (hunt_set)1 << D3)

/* A position without the head: what the rules and the solver look at. */
typedef struct hare_pos {
    uint8_t hare;    /* the hare's point */
    uint8_t stall;   /* hound moves in a row that did not go up a row */
    uint8_t side;    /* to move */
    uint16_t hounds; /* the hounds' points */
} hare_pos;

typedef struct hare_state {
    herd_head head;
    hare_pos pos;
    uint8_t start; /* the hare's start point as created, A2 for a position read from text */
} hare_state;

_Static_assert(HERD_HARE_MAX_MOVES <= HERD_MAX_MOVES, "move bound too large");
_Static_assert(sizeof(hare_state) <= HERD_MAX_STATE_SIZE, "state too large");

static int row_of(int p)
{
    return board.cell[p].row;
}

static hunt_set occupied(const hare_pos *p)
{
    return p->hounds | (hunt_set)1 << p->hare;
}

/* The pieces of the side to move and the directions they move in. */
static hunt_set movers(const hare_pos *p)
{
    return p->side == HERD_HARE_HOUNDS ? p->hounds : (hunt_set)1 << p->hare;
}

static unsigned mover_dirs(const hare_pos *p)
{
    return p->side == HERD_HARE_HOUNDS ? HOUND_DIRS : HUNT_ANY;
}

/* The moves of the side to move, whether or not the game has ended, into
 * buf, or their action numbers into `numbers` when that is not NULL: each
 * side on its own, so that the compiler knows its directions (and that
 * the hare is one piece). */
static inline size_t pos_moves_as(const hare_pos *p, herd_move *buf, uint16_t *numbers)
{
    if (p->side == HERD_HARE_HOUNDS)
        return hunt_pursuer_steps_as(&board, movers(p), occupied(p), mover_dirs(p), buf, numbers);
    return hunt_steps_as(&board, p->hare, occupied(p), mover_dirs(p), buf, numbers);
}

static size_t pos_moves(const hare_pos *p, herd_move *buf)
{
    return pos_moves_as(p, buf, NULL);
}

/* Whether the side to move has a move: the test of every play. */
static int pos_can_move(const hare_pos *p)
{
    if (p->side == HERD_HARE_HOUNDS)
        return hunt_pursuers_can_step(&board, movers(p), occupied(p), mover_dirs(p));
    return hunt_can_step(&board, p->hare, occupied(p), mover_dirs(p));
}

/* The end of the game, checked in the rules' order, with the number of
 * moves of the side to move (or whether it has any): HERD_REASON_NONE
 * while it goes on. */
static herd_reason pos_outcome(const hare_pos *p, size_t moves, int *winner)
{
    int below_all = row_of(hunt_last(p->hounds)) < row_of(p->hare); /* the lowest hound */
    *winner = HERD_HARE_HARE;
    if (below_all)
        return HERD_REASON_ESCAPED;
    if (p->stall >= HERD_HARE_STALL_LIMIT)
        return HERD_REASON_STALLING;
    if (moves == 0 && p->side == HERD_HARE_HOUNDS)
        return HERD_REASON_NO_MOVES;
    *winner = HERD_HARE_HOUNDS;
    if (moves == 0)
        return HERD_REASON_TRAPPED;
    return HERD_REASON_NONE;
}

/* Plays a move known to be a legal step of the side to move. A hound move
 * that goes up a row (straight or diagonally) resets the stall count; any
 * other hound move adds one. */
static void pos_play(hare_pos *p, int from, int to)
{
    if (p->side == HERD_HARE_HOUNDS) {
        p->hounds = (uint16_t)((p->hounds & ~(1u << from)) | 1u << to);
        p->stall = row_of(to) < row_of(from) ? 0 : (uint8_t)(p->stall + 1);
    } else {
        p->hare = (uint8_t)to;
    }
    p->side = (uint8_t)!p->side;
}

static void update_status(hare_state *s)
{
    int winner;
    herd_reason why = pos_outcome(&s->pos, (size_t)pos_can_move(&s->pos), &winner);
    herd_head_set_ongoing(&s->head, s->pos.side);
    if (why != HERD_REASON_NONE)
        herd_head_set_win(&s->head, winner, why);
}

/* The points of a legal move. */
static void step_points(herd_move m, int *from, int *to)
{
    *from = hunt_from(&board, m);
    *to = hunt_to(&board, m);
}

static void play_points(hare_state *s, int from, int to)
{
    pos_play(&s->pos, from, to);
    s->head.ply++;
    update_status(s);
}

static void hare_play(void *state, herd_move m)
{
    int from, to;
    step_points(m, &from, &to);
    play_points(state, from, to);
}

static size_t hare_legal(const void *state, herd_move *buf)
{
    const hare_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return pos_moves(&s->pos, buf);
}

static size_t hare_count(const void *state)
{
    return hare_legal(state, NULL);
}

HERD_PERFT_TWO_PLIES(hare_perft_two, hare_state, hare_play, hare_count)

/* Why m is no move of the side to move: the checks in the rules' order
 * (HERD_OK would mean that it is one, which hunt_is_step() has told). */
static int refusal(const hare_state *s, herd_move m, int pt[2], herd_msg msg)
{
    hunt_action a;
    char x[4], y[4];
    if (!herdi_hunt_decode(m, &a) || a.kind != HUNT_STEP)
        return herdi_fail(msg, HERD_E_ILLEGAL, "not a Hare and Hounds move");
    int rc = herdi_hunt_check_path(&board, &a, pt, msg);
    if (rc != HERD_OK)
        return rc;
    if (!(movers(&s->pos) >> pt[0] & 1))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s has no %s", herdi_hunt_name(&board, pt[0], x),
                          s->pos.side == HERD_HARE_HOUNDS ? "hound" : "hare");
    if (occupied(&s->pos) >> pt[1] & 1)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is occupied", herdi_hunt_name(&board, pt[1], y));
    if (!(mover_dirs(&s->pos) >> herdi_hunt_direction(&board, pt[0], pt[1]) & 1))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s-%s: a hound never moves down",
                          herdi_hunt_name(&board, pt[0], x), herdi_hunt_name(&board, pt[1], y));
    return HERD_OK;
}

static int hare_apply(void *state, herd_move m, herd_msg msg)
{
    hare_state *s = state;
    int pt[2];
    if (!hunt_is_step(&board, m, movers(&s->pos), occupied(&s->pos), mover_dirs(&s->pos), pt)) {
        int rc = refusal(s, m, pt, msg);
        if (rc != HERD_OK)
            return rc;
    }
    play_points(s, pt[0], pt[1]);
    return HERD_OK;
}

/* ---------------------------------------------------------- creation */

static void set_start(hare_state *s, int hare)
{
    s->start = (uint8_t)hare;
    s->pos.hare = (uint8_t)hare;
    s->pos.hounds = START_HOUNDS;
    s->pos.stall = 0;
    s->pos.side = HERD_HARE_HOUNDS;
    update_status(s);
}

enum { OPT_START };

static const herd_option_desc hare_options[] = {
    {"start", HERD_OPTION_POINT, 0, 0, NULL, 0, 0, "a2",
     "the hare's start point: any point the hounds leave free"},
    HERD_SEED_OPTION,
};

static int hare_init(void *state, const herd_option_values *opt, herd_msg msg)
{
    hare_state *s = state;
    int start;
    int rc = herdi_hunt_option_point(&board, "start", opt->cell[OPT_START], &start, msg);
    if (rc != HERD_OK)
        return rc;
    if (START_HOUNDS >> start & 1) {
        char name[4];
        return herdi_fail(msg, HERD_E_RANGE, "start=%s is occupied by a hound",
                          herdi_hunt_name(&board, start, name));
    }
    set_start(s, start);
    return HERD_OK;
}

/* The options init() was given, but the seed (rules' options_of). */
static void hare_given_options(const void *state, herd_option_values *v)
{
    const hare_state *s = state;
    v->cell[0] = board.cell[s->start];
}

/* The versions of herd_hare_options (internal.h). */
HERD_VERSIONS(hare_versions, herd_hare_options, HERD_HARE_OPTIONS_VERSION,
              sizeof(herd_hare_options));

/* The rules of this game, at the end of this file; lib/games.c lists them. */
extern const herd_rules herdi_hare_rules;

/* The typed calls of herd/hare.h, from the fields of herd_hare_options. */
static const herd_typed_field hare_fields[] = {
    {"start", offsetof(herd_hare_options, start), HERD_FIELD_CELL},
    {"seed", offsetof(herd_hare_options, seed), HERD_FIELD_U64},
};
HERD_TYPED_CALLS(hare, HERD_HARE_OPTIONS_INIT)

/* -------------------------------------------------------------- text */

static const char *const side_name[2] = {"hounds", "hare"}; /* HERD_HARE_HOUNDS, _HARE */

static void hare_write_position(const void *state, herd_sb *sb)
{
    const hare_state *s = state;
    char name[4];
    herdi_sb_printf(sb, "hare turn=%s hare=%s hounds=", side_name[s->pos.side],
                    herdi_hunt_name(&board, s->pos.hare, name));
    herdi_hunt_write_points(&board, s->pos.hounds, sb);
    herdi_sb_printf(sb, " stall=%d", s->pos.stall);
}

static int hare_read_position(void *state, const char *text, herd_msg msg)
{
    hare_state *s = state;
    static const char usage[] = "expected 'hare turn=hare|hounds hare=P hounds=P,P,P stall=K'";
    herd_scan sc = {text};
    int hare, count, side;
    hunt_set hounds;
    uint64_t stall;
    char name[4];
    if (!herdi_scan_lit(&sc, "hare turn="))
        return herdi_fail(msg, HERD_E_PARSE, usage);
    if (herdi_scan_lit(&sc, "hounds"))
        side = HERD_HARE_HOUNDS;
    else if (herdi_scan_lit(&sc, "hare"))
        side = HERD_HARE_HARE;
    else
        return herdi_fail(msg, HERD_E_PARSE, "turn must be hare or hounds");
    if (!herdi_scan_lit(&sc, " hare="))
        return herdi_fail(msg, HERD_E_PARSE, usage);
    int rc = herdi_hunt_scan_point(&board, &sc, &hare, msg);
    if (rc != HERD_OK)
        return rc;
    if (!herdi_scan_lit(&sc, " hounds="))
        return herdi_fail(msg, HERD_E_PARSE, usage);
    rc = herdi_hunt_scan_points(&board, &sc, &hounds, &count, msg);
    if (rc != HERD_OK)
        return rc;
    if (!herdi_scan_lit(&sc, " stall=") || !herdi_scan_uint(&sc, 999, &stall) ||
        !herdi_scan_end(&sc))
        return herdi_fail(msg, HERD_E_PARSE, usage);
    if (count != HERD_HARE_HOUNDS_COUNT)
        return herdi_fail(msg, HERD_E_POSITION, "%d hounds listed; the game has 3", count);
    if (hounds >> hare & 1)
        return herdi_fail(msg, HERD_E_POSITION, "%s holds the hare and a hound",
                          herdi_hunt_name(&board, hare, name));
    if (stall > HERD_HARE_STALL_LIMIT)
        return herdi_fail(msg, HERD_E_POSITION, "stall=%d is out of range 0..10", (int)stall);
    if (stall == HERD_HARE_STALL_LIMIT && side == HERD_HARE_HOUNDS)
        return herdi_fail(msg, HERD_E_POSITION,
                          "stall=10 comes only from a hound move, so the hare is to move");
    s->pos.hare = (uint8_t)hare;
    s->pos.hounds = (uint16_t)hounds;
    s->pos.stall = (uint8_t)stall;
    s->pos.side = (uint8_t)side;
    s->start = A2;
    s->head.ply = 0;
    update_status(s);
    return HERD_OK;
}

/* Saved games: the start point the game was created with, which the
 * position does not carry (herd_hare_options_of() gives it). */
static void hare_write_save(const void *state, herd_sb *sb)
{
    const hare_state *s = state;
    char name[4];
    herdi_sb_printf(sb, " start=%s", herdi_hunt_name(&board, s->start, name));
}

static int hare_read_save(void *state, herd_scan *sc, herd_msg msg)
{
    hare_state *s = state;
    int start;
    if (!herdi_scan_lit(sc, " start="))
        return herdi_fail(msg, HERD_E_PARSE, "expected ' start=P' in a hare save");
    int rc = herdi_hunt_scan_point(&board, sc, &start, msg);
    if (rc != HERD_OK)
        return rc;
    s->start = (uint8_t)start;
    return HERD_OK;
}

static int hare_write_move(const void *state, herd_move m, herd_sb *sb)
{
    (void)state;
    return herdi_hunt_write_move(&board, 0, m, sb);
}

static int hare_read_move(const void *state, const char *text, herd_move *m, herd_msg msg)
{
    (void)state;
    return herdi_hunt_read_move(&board, 0, text, m, msg);
}

static void hare_show(const void *state, herd_sb *sb)
{
    const hare_state *s = state;
    herdi_hunt_show(&board, s->pos.hare, s->pos.hounds, 'H', 'D', sb);
    herdi_sb_printf(sb, "\nstall %d of %d\n", s->pos.stall, HERD_HARE_STALL_LIMIT);
    if (s->head.result == HERD_ONGOING) {
        herdi_sb_side_label(sb, side_name[s->pos.side], s->pos.side ? 'H' : 'D');
        herdi_sb_puts(sb, " to move");
    }
}

/* ------------------------------------------------------------ solving */

/* The table: for every hound set (as its rank among the 165 sets of three
 * points), hare point, stall count 0..10 and side to move, the value
 * winner + 2 * plies. The game cannot cycle: every hound move either lowers
 * the sum of the hounds' rows or keeps it and raises the stall count, which
 * ends the game at ten. So the positions are solved in that order (lower
 * row sums first, then higher stall counts first; within one set and count,
 * the hounds' turn before the hare's, whose moves lead to it), each from
 * its successors, already solved: retrograde analysis without iteration. */
#define SETS 165
#define STALLS (HERD_HARE_STALL_LIMIT + 1)

typedef struct hare_table {
    uint8_t rank[1 << HERD_HARE_POINTS];
    uint16_t set[SETS]; /* by rank, ordered by row sum */
    uint16_t value[SETS][HERD_HARE_POINTS][STALLS][2];
} hare_table;

static uint16_t value_of(const hare_table *t, const hare_pos *p)
{
    return t->value[t->rank[p->hounds]][p->hare][p->stall][p->side];
}

static int row_sum(unsigned set)
{
    int sum = 0;
    for (int q = 0; q < HERD_HARE_POINTS; q++)
        if (set >> q & 1)
            sum += row_of(q);
    return sum;
}

/* The value of a position from those of its successors: the mover takes
 * the quickest win, or else the slowest loss. */
static uint16_t solve_pos(const hare_table *t, const hare_pos *p)
{
    herd_move moves[HERD_HARE_MAX_MOVES];
    size_t n = pos_moves(p, moves);
    int winner;
    if (pos_outcome(p, n, &winner) != HERD_REASON_NONE)
        return (uint16_t)winner;
    unsigned best_win = 0xffff, worst_loss = 0;
    for (size_t i = 0; i < n; i++) {
        hare_pos q = *p;
        int from, to;
        step_points(moves[i], &from, &to);
        pos_play(&q, from, to);
        uint16_t v = value_of(t, &q);
        unsigned plies = (v >> 1) + 1u;
        if ((v & 1) == p->side) {
            if (plies < best_win)
                best_win = plies;
        } else if (plies > worst_loss) {
            worst_loss = plies;
        }
    }
    if (best_win != 0xffff)
        return (uint16_t)(p->side | best_win << 1);
    return (uint16_t)((p->side ^ 1u) | worst_loss << 1);
}

static void hare_solve_build(void *table)
{
    hare_table *t = table;
    int count = 0;
    memset(t->rank, 0, sizeof t->rank);
    for (int sum = 0; sum <= 3 * 4; sum++)
        for (unsigned set = 0; set < 1u << HERD_HARE_POINTS; set++)
            if (hunt_count(set) == 3 && row_sum(set) == sum) {
                t->rank[set] = (uint8_t)count;
                t->set[count++] = (uint16_t)set;
            }
    for (int first = 0; first < SETS;) {
        int end = first;
        while (end < SETS && row_sum(t->set[end]) == row_sum(t->set[first]))
            end++;
        for (int stall = HERD_HARE_STALL_LIMIT; stall >= 0; stall--)
            for (int k = first; k < end; k++)
                for (int side = HERD_HARE_HOUNDS; side <= HERD_HARE_HARE; side++)
                    for (int hare = 0; hare < HERD_HARE_POINTS; hare++) {
                        hare_pos p = {(uint8_t)hare, (uint8_t)stall, (uint8_t)side, t->set[k]};
                        t->value[k][hare][stall][side] =
                            t->set[k] >> hare & 1 ? 0 : solve_pos(t, &p);
                    }
        first = end;
    }
}

static void hare_solve(const void *state, const void *table, int *winner, unsigned *plies)
{
    const hare_state *s = state;
    if (s->head.result != HERD_ONGOING) {
        *winner = s->head.winner;
        *plies = 0;
        return;
    }
    uint16_t v = value_of(table, &s->pos);
    *winner = v & 1;
    *plies = v >> 1;
}

/* Level 1: any move, uniformly at random. */
static herd_move hare_genmove(void *state, int level)
{
    hare_state *s = state;
    herd_move moves[HERD_HARE_MAX_MOVES];
    size_t n = pos_moves(&s->pos, moves);
    (void)level;
    return moves[herdi_rng_below(&s->head.rng, (uint32_t)n)];
}

/* Perfect play from the table: a move that keeps the best value for the
 * mover (quickest win, slowest loss), drawn uniformly among those that do. */
static herd_move hare_table_genmove(void *state, const void *table)
{
    hare_state *s = state;
    herd_move moves[HERD_HARE_MAX_MOVES], best[HERD_HARE_MAX_MOVES];
    size_t n = pos_moves(&s->pos, moves), k = 0;
    uint16_t want = value_of(table, &s->pos);
    for (size_t i = 0; i < n; i++) {
        hare_pos q = s->pos;
        int from, to;
        step_points(moves[i], &from, &to);
        pos_play(&q, from, to);
        if (value_of(table, &q) + 2 == want)
            best[k++] = moves[i];
    }
    return best[herdi_rng_below(&s->head.rng, (uint32_t)k)];
}

/* ------------------------------------------------------- for search */

/* The whole position in one key: the hare, the hounds, the stall count and
 * the side to move. */
static uint64_t hare_hash(const void *state)
{
    const hare_state *s = state;
    const hare_pos *p = &s->pos;
    return herdi_zobrist((uint64_t)p->hare | (uint64_t)p->stall << 8 | (uint64_t)p->side << 16 |
                         (uint64_t)p->hounds << 24);
}

/* For the hounds: each hound at or below the hare's row keeps it from
 * escaping, the stall count runs against them, and the hare's room to move
 * is what they must take away. From the side to move's point of view. */
static int hare_evaluate(const void *state, unsigned eval, const void *table)
{
    (void)eval, (void)table; /* one evaluation for every level */
    const hare_state *s = state;
    const hare_pos *p = &s->pos;
    int hounds = 0;
    for (hunt_set h = p->hounds; h; h &= h - 1)
        if (row_of(hunt_first(h)) >= row_of(p->hare))
            hounds += 30;
    hounds -= 8 * p->stall;
    hounds -= 10 * (int)hunt_steps(&board, p->hare, occupied(p), HUNT_ANY, NULL);
    return p->side == HERD_HARE_HOUNDS ? hounds : -hounds;
}

static const herd_level hare_levels[] = {
    /* For players (docs/levels.md has the searches): a move is a ply. */
    {"random", "any move at random", HERD_LEVEL_OWN, 0, 0, 0},
    {"club", "looks up to 6 moves ahead, weighing up to 20,000 positions", HERD_LEVEL_ALPHABETA, 6,
     20000, 0},
    {"perfect", "plays perfectly from the solved game: wins fast, loses slow", HERD_LEVEL_SOLVED, 0,
     0, 0},
};

/* ---------------------------------------------------- for learning */

/* The hunt's action space (hunt.h): the 44 steps along the 22 lines. */
static size_t hare_num_actions(const void *state)
{
    (void)state;
    return herdi_hunt_action_count(&board, 0);
}

static int hare_action_index(const void *state, herd_move m, size_t *index)
{
    (void)state;
    return herdi_hunt_action_index(&board, 0, m, index);
}

static herd_move hare_action_move(const void *state, size_t index)
{
    (void)state;
    return herdi_hunt_action_move(&board, 0, index);
}

/* hare_legal()'s actions as numbers, in its order. */
static size_t hare_legal_indices(const void *state, uint16_t *buf)
{
    const hare_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return pos_moves_as(&s->pos, NULL, buf);
}

enum { OBS_STALL = HUNT_PLANES, OBS_PLANES };

static void hare_observation_shape(const void *state, size_t shape[3])
{
    (void)state;
    herdi_hunt_observation_shape(&board, OBS_PLANES, shape);
}

/* The hunt's planes, then the stall count in tenths (ten ends the game). */
static void hare_observe(const void *state, int side, float *buf)
{
    const hare_state *s = state;
    herd_planes o = herdi_hunt_planes(&board, buf);
    herdi_hunt_observe(&board, o, s->pos.hare, s->pos.hounds, HERD_HARE_HARE, side,
                       s->head.result == HERD_ONGOING ? s->head.side : -1);
    herd_plane_fill(o, OBS_STALL, (float)s->pos.stall / HERD_HARE_STALL_LIMIT);
}

/* ---------------------------------------------------- typed queries */

static const hare_state *hare_of(const herd_game *g)
{
    return herdi_game_state(g, HERD_HARE);
}

herd_move herd_hare_move(herd_cell from, herd_cell to)
{
    return herdi_hunt_step_move(from, to);
}

int herd_hare_move_cells(herd_move m, herd_cell *from, herd_cell *to)
{
    hunt_action a;
    if (!herdi_hunt_decode(m, &a) || a.kind != HUNT_STEP)
        return HERD_E_ARG;
    if (from)
        *from = a.from;
    if (to)
        *to = a.to;
    return HERD_OK;
}

int herd_hare_point(int index, herd_cell *cell)
{
    if (index < 0 || index >= HERD_HARE_POINTS || !cell)
        return HERD_E_ARG;
    *cell = board.cell[index];
    return HERD_OK;
}

int herd_hare_line(int index, herd_cell *a, herd_cell *b)
{
    int p, q;
    if (!a || !b || !herdi_hunt_line(&board, index, &p, &q))
        return HERD_E_ARG;
    *a = board.cell[p];
    *b = board.cell[q];
    return HERD_OK;
}

int herd_hare_at(const herd_game *g, herd_cell cell, int *side)
{
    const hare_state *s = hare_of(g);
    int p = herdi_hunt_point_at(&board, cell.row, cell.col);
    if (!s || !side || p < 0)
        return HERD_E_ARG;
    *side = p == s->pos.hare ? HERD_HARE_HARE : s->pos.hounds >> p & 1 ? HERD_HARE_HOUNDS : -1;
    return HERD_OK;
}

int herd_hare_locate(const herd_game *g, herd_cell *cell)
{
    const hare_state *s = hare_of(g);
    if (!s || !cell)
        return HERD_E_ARG;
    *cell = board.cell[s->pos.hare];
    return HERD_OK;
}

int herd_hare_hounds(const herd_game *g, herd_cell hounds[HERD_HARE_HOUNDS_COUNT])
{
    const hare_state *s = hare_of(g);
    if (!s || !hounds)
        return HERD_E_ARG;
    int i = 0;
    for (hunt_set h = s->pos.hounds; h; h &= h - 1)
        hounds[i++] = board.cell[hunt_first(h)];
    return HERD_OK;
}

int herd_hare_stall(const herd_game *g, int *stall)
{
    const hare_state *s = hare_of(g);
    if (!s || !stall)
        return HERD_E_ARG;
    *stall = s->pos.stall;
    return HERD_OK;
}

/* The solver's protocol for a table built whole from the rules
 * (hare_solve_build()): its answer and its player. */
static int hare_table_solve(const void *state, const void *table, int *winner, unsigned *plies,
                            herd_msg msg)
{
    (void)msg;
    hare_solve(state, table, winner, plies);
    return HERD_OK;
}

static int hare_table_choose(struct herd_search *search, void *state, const void *table,
                             const herd_level *level, herd_move *m)
{
    (void)level;
    *m = hare_table_genmove(state, table);
    *search->rng = ((hare_state *)state)->head.rng; /* what the core keeps */
    return HERD_OK;
}

HERD_SEARCH_LEGAL(hare_search_legal, hare_legal)

static const herd_fast_rules hare_fast = {hare_play, hare_search_legal, hare_perft_two};
static const herd_save_rules hare_save = {hare_write_save, hare_read_save};
static const herd_solver hare_solver = {
    sizeof(hare_table),     hare_solve_build,        herdi_whole_table_fill,
    herdi_whole_table_free, herdi_whole_table_bytes, herdi_whole_table_need,
    hare_table_solve,       hare_table_choose,
};

const herd_rules herdi_hare_rules = {
    .desc =
        {
            .kind = HERD_HARE,
            .name = "hare",
            .title = "Hare and Hounds",
            .side_names = {"hounds", "hare"},
            .options = hare_options,
            .option_count = sizeof hare_options / sizeof hare_options[0],
            .level_count = HERD_LEVEL_COUNT(hare_levels),
            .default_level = 1,
            .max_moves = HERD_HARE_MAX_MOVES,
            .solvable = 1,
        },
    .state_size = sizeof(hare_state),
    .init = hare_init,
    .options_of = hare_given_options,
    .legal = hare_legal,
    .count = hare_count,
    .apply = hare_apply,
    .play = hare_play,
    .write_position = hare_write_position,
    .read_position = hare_read_position,
    .write_move = hare_write_move,
    .read_move = hare_read_move,
    .show = hare_show,
    .genmove = hare_genmove,
    .levels = hare_levels,
    .hash = hare_hash,
    .evaluate = hare_evaluate,
    .num_actions = hare_num_actions,
    .action_index = hare_action_index,
    .action_move = hare_action_move,
    .legal_indices = hare_legal_indices,
    .observation_shape = hare_observation_shape,
    .observe = hare_observe,
    .fast = &hare_fast,
    .save = &hare_save,
    .solver = &hare_solver,
};
