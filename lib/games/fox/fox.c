/* Fox and Geese (docs/fox.md) on the hunt mechanism: the cross and its
 * lines, the start, the geese's directions, jump chains played hop by hop,
 * and the three ends. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "herd/fox.h"
#include "ai/search.h"
#include "fox_board.h"
#include "fox_solve.h"
#include "hunt.h"
#include "internal.h"

/* Points by name, as indices into herdi_fox_cross.cell. */
enum { C1 = 6, C7 = 12, D1 = 13, D4 = 16, D7 = 19, E1 = 20 };
#define BIT(p) ((hunt_set)1 << (p))
/* Row e and the bottom arm (points 20..32), then d1, d7, then c1, c7. */
#define GEESE_13 (((hunt_set)1 << 33) - BIT(E1))
#define GEESE_15 (GEESE_13 | BIT(D1) | BIT(D7))
#define GEESE_17 (GEESE_15 | BIT(C1) | BIT(C7))

typedef struct fox_state {
    herd_head head;
    uint8_t fox;
    uint8_t sideways;
    uint8_t chain;       /* the fox is in a jump chain: it may only jump on or stop */
    uint8_t start_geese; /* the geese at the start as created, 13 for a position read from text */
    hunt_set geese;
} fox_state;

_Static_assert(HERD_FOX_MAX_MOVES <= HERD_MAX_MOVES, "move bound too large");
_Static_assert(sizeof(fox_state) <= HERD_MAX_STATE_SIZE, "state too large");

/* The pieces of the side to move that may step, and their directions:
 * the fox in any direction, but not in a chain; the geese up or
 * diagonally up, and sideways with the option. */
static hunt_set steppers(const fox_state *s)
{
    if (s->head.side == HERD_FOX_GEESE)
        return s->geese;
    return s->chain ? 0 : BIT(s->fox);
}

static unsigned step_dirs(const fox_state *s)
{
    if (s->head.side == HERD_FOX_GEESE)
        return HUNT_UP | (s->sideways ? HUNT_SIDEWAYS : 0);
    return HUNT_ANY;
}

static hunt_set occupied(const fox_state *s)
{
    return s->geese | BIT(s->fox);
}

/* The generator below writes the actions into buf or, when `numbers` is
 * not NULL, their action numbers into numbers (hunt.h). */
static inline size_t fox_jumps_as(const fox_state *s, herd_move *buf, uint16_t *numbers)
{
    return hunt_jumps_as(&herdi_fox_cross, s->fox, s->geese, occupied(s), buf, numbers);
}

static size_t fox_jumps(const fox_state *s, herd_move *buf)
{
    return fox_jumps_as(s, buf, NULL);
}

/* The steps of the side to move: each side on its own, so that the
 * compiler knows its directions (and that the fox is one piece). */
static inline size_t steps_as(const fox_state *s, herd_move *buf, uint16_t *numbers)
{
    if (s->head.side == HERD_FOX_GEESE)
        return hunt_pursuer_steps_as(&herdi_fox_cross, steppers(s), occupied(s), step_dirs(s), buf,
                                     numbers);
    return steppers(s)
               ? hunt_steps_as(&herdi_fox_cross, s->fox, occupied(s), step_dirs(s), buf, numbers)
               : 0;
}

static int can_step(const fox_state *s)
{
    if (s->head.side == HERD_FOX_GEESE)
        return hunt_pursuers_can_step(&herdi_fox_cross, steppers(s), occupied(s), step_dirs(s));
    return steppers(s) && hunt_can_step(&herdi_fox_cross, s->fox, occupied(s), step_dirs(s));
}

/* The fox's actions: in a chain its further jumps and `stop`, else its
 * steps and jumps. The bound (herd/fox.h): at most one step or one jump in
 * each of the eight directions; in a chain the way back is empty (its
 * goose was taken), so at most seven jumps and `stop`. */
static inline size_t fox_moves_as(const fox_state *s, herd_move *buf, uint16_t *numbers)
{
    size_t n = steps_as(s, buf, numbers);
    n += fox_jumps_as(s, buf ? buf + n : NULL, numbers ? numbers + n : NULL);
    if (s->chain) {
        if (numbers)
            numbers[n] = herdi_fox_cross.actions; /* stop's */
        else if (buf)
            buf[n] = herdi_hunt_stop_move();
        n++;
    }
    return n;
}

static inline size_t side_moves_as(const fox_state *s, herd_move *buf, uint16_t *numbers)
{
    if (s->head.side == HERD_FOX_FOX)
        return fox_moves_as(s, buf, numbers);
    return steps_as(s, buf, numbers);
}

static size_t side_moves(const fox_state *s, herd_move *buf)
{
    return side_moves_as(s, buf, NULL);
}

/* Whether the side to move has an action (the fox in a chain may always
 * stop): side_moves() > 0, without writing or counting them. */
static int side_can_move(const fox_state *s)
{
    return can_step(s) || (s->head.side == HERD_FOX_FOX && (s->chain || fox_jumps(s, NULL) > 0));
}

/* The ends, in the rules' order, checked after every action: fewer than
 * four geese, then the side to move without a move (never the fox in a
 * chain, which may always stop). */
static void update_status(fox_state *s, int to_move)
{
    herd_head_set_ongoing(&s->head, to_move);
    if (hunt_count(s->geese) < HERD_FOX_GEESE_TO_WIN)
        herd_head_set_win(&s->head, HERD_FOX_FOX, HERD_REASON_CAPTURED);
    else if (!side_can_move(s))
        herd_head_set_win(&s->head, !to_move,
                          to_move == HERD_FOX_GEESE ? HERD_REASON_NO_MOVES : HERD_REASON_TRAPPED);
}

static size_t fox_legal(const void *state, herd_move *buf)
{
    const fox_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return side_moves(s, buf);
}

static size_t fox_count(const void *state)
{
    return fox_legal(state, NULL);
}

/* Plays a legal action. After a jump the fox keeps the turn, in a chain,
 * when it can jump again and at least four geese are left; otherwise, and
 * after a step or `stop`, the turn passes to the geese. */
static void fox_play(void *state, herd_move m)
{
    fox_state *s = state;
    hunt_kind kind = hunt_kind_of(m);
    int next = HERD_FOX_GEESE;
    s->chain = 0;
    if (s->head.side == HERD_FOX_GEESE) {
        s->geese =
            (s->geese & ~BIT(hunt_from(&herdi_fox_cross, m))) | BIT(hunt_to(&herdi_fox_cross, m));
        next = HERD_FOX_FOX;
    } else if (kind != HUNT_STOP) {
        if (kind == HUNT_JUMP)
            s->geese &= ~BIT(hunt_over(&herdi_fox_cross, m));
        s->fox = (uint8_t)hunt_to(&herdi_fox_cross, m);
        if (kind == HUNT_JUMP && hunt_count(s->geese) >= HERD_FOX_GEESE_TO_WIN &&
            fox_jumps(s, NULL) > 0) {
            s->chain = 1;
            next = HERD_FOX_FOX;
        }
    }
    s->head.ply++;
    update_status(s, next);
}

static int fox_apply(void *state, herd_move m, herd_msg msg)
{
    fox_state *s = state;
    hunt_action a;
    int pt[2];
    char x[4], y[4];
    int fox = s->head.side == HERD_FOX_FOX;
    if (hunt_is_step(&herdi_fox_cross, m, steppers(s), occupied(s), step_dirs(s), pt)) {
        fox_play(s, m);
        return HERD_OK;
    }
    /* Otherwise the checks in order: a jump, `stop`, or why not. */
    if (!herdi_hunt_decode(m, &a))
        return herdi_fail(msg, HERD_E_ILLEGAL, "not a Fox and Geese action");
    if (a.kind == HUNT_STOP) {
        if (!s->chain)
            return herdi_fail(msg, HERD_E_ILLEGAL, "%s",
                              fox ? "stop ends a jump chain, and the fox is in none"
                                  : "stop is the fox's, and the geese are to move");
        fox_play(s, m);
        return HERD_OK;
    }
    int rc = herdi_hunt_check_path(&herdi_fox_cross, &a, pt, msg);
    if (rc != HERD_OK)
        return rc;
    if (fox ? pt[0] != s->fox : !(s->geese >> pt[0] & 1))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s has no %s",
                          herdi_hunt_name(&herdi_fox_cross, pt[0], x), fox ? "fox" : "goose");
    if (!fox && a.kind == HUNT_JUMP)
        return herdi_fail(msg, HERD_E_ILLEGAL, "geese never jump");
    if (s->chain && a.kind == HUNT_STEP)
        return herdi_fail(msg, HERD_E_ILLEGAL,
                          "the fox is in a jump chain: it may only jump on from %s or stop",
                          herdi_hunt_name(&herdi_fox_cross, s->fox, x));
    if (occupied(s) >> pt[1] & 1)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is occupied",
                          herdi_hunt_name(&herdi_fox_cross, pt[1], y));
    if (a.kind == HUNT_JUMP) {
        int over = herdi_hunt_between(&herdi_fox_cross, pt[0], pt[1]);
        if (!(s->geese >> over & 1))
            return herdi_fail(msg, HERD_E_ILLEGAL, "%s-%s jumps over no goose",
                              herdi_hunt_name(&herdi_fox_cross, pt[0], x),
                              herdi_hunt_name(&herdi_fox_cross, pt[1], y));
    } else if (!fox &&
               !(step_dirs(s) >> herdi_hunt_direction(&herdi_fox_cross, pt[0], pt[1]) & 1)) {
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s-%s: a goose steps only up or diagonally up%s",
                          herdi_hunt_name(&herdi_fox_cross, pt[0], x),
                          herdi_hunt_name(&herdi_fox_cross, pt[1], y),
                          s->sideways ? ", left or right" : "");
    }
    fox_play(s, m);
    return HERD_OK;
}

/* ---------------------------------------------------------- creation */

enum { OPT_GEESE, OPT_SIDEWAYS };

static const uint64_t geese_choices[] = {13, 15, 17};

static const herd_option_desc fox_options[] = {
    {"geese", HERD_OPTION_CHOICE, 0, 0, geese_choices, sizeof geese_choices / sizeof *geese_choices,
     13, NULL, "the geese: 13, 15 (adding d1, d7) or 17 (also c1, c7)"},
    {"sideways", HERD_OPTION_RANGE, 0, 1, NULL, 0, 0, NULL,
     "1: the geese may also step left or right"},
    HERD_SEED_OPTION,
};

static int fox_init(void *state, const herd_option_values *opt, herd_msg msg)
{
    fox_state *s = state;
    uint64_t geese = opt->number[OPT_GEESE];
    (void)msg;
    s->fox = D4;
    s->sideways = (uint8_t)opt->number[OPT_SIDEWAYS];
    s->geese = geese == 13 ? GEESE_13 : geese == 15 ? GEESE_15 : GEESE_17;
    s->start_geese = (uint8_t)geese;
    update_status(s, HERD_FOX_FOX);
    return HERD_OK;
}

/* The options init() was given, but the seed (rules' options_of). */
static void fox_given_options(const void *state, herd_option_values *v)
{
    const fox_state *s = state;
    v->number[0] = (uint64_t)s->start_geese;
    v->number[1] = (uint64_t)s->sideways;
}

/* The versions of herd_fox_options (internal.h). */
HERD_VERSIONS(fox_versions, herd_fox_options, HERD_FOX_OPTIONS_VERSION, sizeof(herd_fox_options));

/* The rules of this game, at the end of this file; lib/games.c lists them. */
extern const herd_rules herdi_fox_rules;

/* The typed calls of herd/fox.h, from the fields of herd_fox_options. */
static const herd_typed_field fox_fields[] = {
    {"geese", offsetof(herd_fox_options, geese), HERD_FIELD_INT},
    {"sideways", offsetof(herd_fox_options, sideways), HERD_FIELD_INT},
    {"seed", offsetof(herd_fox_options, seed), HERD_FIELD_U64},
};
HERD_TYPED_CALLS(fox, HERD_FOX_OPTIONS_INIT)

/* -------------------------------------------------------------- text */

static const char *const side_name[2] = {"fox", "geese"}; /* HERD_FOX_FOX, _GEESE */

static void fox_write_position(const void *state, herd_sb *sb)
{
    const fox_state *s = state;
    char name[4];
    herdi_sb_printf(sb, "fox turn=%s chain=%d sideways=%d fox=%s geese=", side_name[s->head.side],
                    s->chain, s->sideways, herdi_hunt_name(&herdi_fox_cross, s->fox, name));
    herdi_hunt_write_points(&herdi_fox_cross, s->geese, sb);
}

static int fox_read_position(void *state, const char *text, herd_msg msg)
{
    fox_state *s = state;
    static const char usage[] =
        "expected 'fox turn=fox|geese chain=0|1 sideways=0|1 fox=P geese=P,P,...'";
    herd_scan sc = {text};
    int fox, count = 0, side;
    hunt_set geese = 0;
    uint64_t chain, sideways;
    char name[4];
    if (!herdi_scan_lit(&sc, "fox turn="))
        return herdi_fail(msg, HERD_E_PARSE, usage);
    if (herdi_scan_lit(&sc, "fox"))
        side = HERD_FOX_FOX;
    else if (herdi_scan_lit(&sc, "geese"))
        side = HERD_FOX_GEESE;
    else
        return herdi_fail(msg, HERD_E_PARSE, "turn must be fox or geese");
    if (!herdi_scan_lit(&sc, " chain=") || !herdi_scan_uint(&sc, 1, &chain) ||
        !herdi_scan_lit(&sc, " sideways=") || !herdi_scan_uint(&sc, 1, &sideways) ||
        !herdi_scan_lit(&sc, " fox="))
        return herdi_fail(msg, HERD_E_PARSE, usage);
    int rc = herdi_hunt_scan_point(&herdi_fox_cross, &sc, &fox, msg);
    if (rc != HERD_OK)
        return rc;
    if (!herdi_scan_lit(&sc, " geese="))
        return herdi_fail(msg, HERD_E_PARSE, usage);
    if (!herdi_scan_end(&sc)) { /* no geese left is a position too */
        rc = herdi_hunt_scan_points(&herdi_fox_cross, &sc, &geese, &count, msg);
        if (rc != HERD_OK)
            return rc;
        if (!herdi_scan_end(&sc))
            return herdi_fail(msg, HERD_E_PARSE, usage);
    }
    if (count > HERD_FOX_MAX_GEESE)
        return herdi_fail(msg, HERD_E_POSITION, "%d geese listed; the game has at most 17", count);
    if (geese >> fox & 1)
        return herdi_fail(msg, HERD_E_POSITION, "%s holds the fox and a goose",
                          herdi_hunt_name(&herdi_fox_cross, fox, name));
    s->fox = (uint8_t)fox;
    s->geese = geese;
    s->sideways = (uint8_t)sideways;
    s->chain = (uint8_t)chain;
    s->start_geese = 13;
    s->head.ply = 0;
    /* A chain goes on only from a jump that leaves the fox a further jump
     * and at least four geese: anything else is no position of the game. */
    if (chain && side != HERD_FOX_FOX)
        return herdi_fail(msg, HERD_E_POSITION,
                          "chain=1 with the geese to move: only the fox "
                          "is ever in a chain");
    if (chain && hunt_count(geese) < HERD_FOX_GEESE_TO_WIN)
        return herdi_fail(msg, HERD_E_POSITION,
                          "chain=1 with %d geese: a jump that leaves fewer than four ends the game",
                          count);
    if (chain && fox_jumps(s, NULL) == 0)
        return herdi_fail(
            msg, HERD_E_POSITION,
            "chain=1 but the fox on %s has no jump: a chain goes on only where one is",
            herdi_hunt_name(&herdi_fox_cross, fox, name));
    update_status(s, side);
    return HERD_OK;
}

static int fox_write_move(const void *state, herd_move m, herd_sb *sb)
{
    (void)state;
    return herdi_hunt_write_move(&herdi_fox_cross, 1, m, sb);
}

static int fox_read_move(const void *state, const char *text, herd_move *m, herd_msg msg)
{
    (void)state;
    return herdi_hunt_read_move(&herdi_fox_cross, 1, text, m, msg);
}

/* Saved games: the geese the game was created with, which the position
 * does not carry (herd_fox_options_of() gives it). */
static void fox_write_save(const void *state, herd_sb *sb)
{
    const fox_state *s = state;
    herdi_sb_printf(sb, " geese=%d", s->start_geese);
}

static int fox_read_save(void *state, herd_scan *sc, herd_msg msg)
{
    fox_state *s = state;
    uint64_t geese;
    int known = 0;
    if (herdi_scan_lit(sc, " geese=") && herdi_scan_uint(sc, HERD_FOX_MAX_GEESE, &geese))
        for (size_t i = 0; i < sizeof geese_choices / sizeof *geese_choices; i++)
            known |= geese_choices[i] == geese;
    if (!known)
        return herdi_fail(msg, HERD_E_PARSE, "expected ' geese=13|15|17' in a fox save");
    s->start_geese = (uint8_t)geese;
    return HERD_OK;
}

static void fox_show(const void *state, herd_sb *sb)
{
    const fox_state *s = state;
    char name[4];
    herdi_hunt_show(&herdi_fox_cross, s->fox, s->geese, 'F', 'G', sb);
    herdi_sb_printf(sb, "\n%d geese, sideways %s\n", hunt_count(s->geese),
                    s->sideways ? "on" : "off");
    if (s->head.result != HERD_ONGOING)
        return;
    herdi_sb_side_label(sb, side_name[s->head.side], s->head.side ? 'G' : 'F');
    if (s->chain)
        herdi_sb_printf(sb, " in a chain on %s: jump on or stop",
                        herdi_hunt_name(&herdi_fox_cross, s->fox, name));
    else
        herdi_sb_puts(sb, " to move");
}

/* --------------------------------------------- the cross as a grid */

/* The evaluation's sets on a 7x7 grid of 8-bit rows, a point at bit
 * row * 8 + col (its action code, herdi_fox_cross.code): a line in any direction is
 * one shift, where point by point each step is a table read. Column 7 is
 * never on the board, so masking with the cross also drops what a shift
 * carries past a row's end. Every two neighbouring points of the cross
 * are joined by a line, so the shifts are all its lines. */
typedef uint64_t grid_set;

#define GRID_ARM(r) ((grid_set)0x1c << (r)*8)
#define GRID_BAR(r) ((grid_set)0x7f << (r)*8)
#define GRID_CROSS \
    (GRID_ARM(0) | GRID_ARM(1) | GRID_BAR(2) | GRID_BAR(3) | GRID_BAR(4) | GRID_ARM(5) | GRID_ARM(6))

/* The points one line from the points s in direction d (hunt.h's order,
 * clockwise from up). */
static inline grid_set grid_step(grid_set s, int d)
{
    /* Down and right shift left, up and left shift right: the other
     * shift of each pair is 0, so that there is no branch. */
    static const uint8_t left[HUNT_DIRS] = {0, 0, 1, 9, 8, 7, 0, 0};
    static const uint8_t right[HUNT_DIRS] = {8, 7, 0, 0, 0, 0, 1, 9};
    return (s << left[d] >> right[d]) & GRID_CROSS;
}

/* The points s and those one line from them in any direction. */
static inline grid_set grid_around(grid_set s)
{
    grid_set column = s | s << 8 | s >> 8;
    return (column | column << 1 | column >> 1) & GRID_CROSS;
}

/* Points in the board's order (rows of 3 or 7 points) on the grid. */
static grid_set grid_of(hunt_set s)
{
    return (s & 0x7) << 2 | (s >> 3 & 0x7) << 10 | (s >> 6 & 0x7f) << 16 |
           (s >> 13 & 0x7f) << 24 | (s >> 20 & 0x7f) << 32 | (s >> 27 & 0x7) << 42 |
           (s >> 30 & 0x7) << 50;
}

/* Where the fox (one point) lands jumping a goose in direction d: none, or
 * one point. */
static inline grid_set grid_jump(grid_set fox, grid_set geese, int d)
{
    return grid_step(grid_step(fox, d) & geese, d) & ~geese;
}

/* The most hops the fox can chain from `fox` over `count` geese: a hop
 * that leaves fewer than four geese ends the game, and the chain with
 * it. */
static int grid_longest_chain(grid_set fox, grid_set geese, int count)
{
    int most = 0;
    if (!(grid_around(fox) & geese))
        return 0; /* most positions: no goose to jump */
    for (int d = 0; d < HUNT_DIRS; d++) {
        grid_set to = grid_jump(fox, geese, d);
        if (!to)
            continue;
        int hops = 1;
        if (count - 1 >= HERD_FOX_GEESE_TO_WIN)
            hops += grid_longest_chain(to, geese & ~grid_step(fox, d), count - 1);
        if (hops > most)
            most = hops;
    }
    return most;
}

/* The most hops the fox can still chain from where it stands. */
static int longest_chain(const fox_state *s)
{
    return grid_longest_chain((grid_set)1 << herdi_fox_cross.code[s->fox], grid_of(s->geese),
                              hunt_count(s->geese));
}

/* The computer player (greedy): the fox jumps whenever it can, along a
 * longest chain (each hop drawn among those that begin one), and never
 * stops while it can jump on; otherwise any action, and any goose move,
 * uniformly. */
static herd_move fox_genmove(void *state, int level)
{
    fox_state *s = state;
    herd_move moves[HERD_FOX_MAX_MOVES];
    int hops[HERD_FOX_MAX_MOVES];
    (void)level;
    size_t n = side_moves(s, moves);
    if (s->head.side == HERD_FOX_FOX && fox_jumps(s, NULL) > 0) {
        for (size_t i = 0; i < n; i++) {
            hunt_action a;
            herdi_hunt_decode(moves[i], &a);
            hops[i] = 0;
            if (a.kind == HUNT_JUMP) {
                fox_state t = *s;
                fox_play(&t, moves[i]);
                hops[i] = 1 + (t.chain ? longest_chain(&t) : 0);
            }
        }
        return moves[herdi_rng_pick_best(&s->head.rng, hops, n)];
    }
    return moves[herdi_rng_below(&s->head.rng, (uint32_t)n)];
}

/* ------------------------------------------------------- for search */

/* The whole position in one key: the fox, the geese, the side to move and
 * the chain (`sideways` is fixed for a game). */
static uint64_t fox_hash(const void *state)
{
    const fox_state *s = state;
    return herdi_zobrist((uint64_t)s->fox | (uint64_t)s->head.side << 6 | (uint64_t)s->chain << 7 |
                         (uint64_t)s->geese << 8);
}

/* The solution table's value of a position it holds: *winner and *plies
 * as herdi_fox_solve_query() gives them; 0 when the table does not hold it. */
static int solved_value(const fox_table *t, const fox_state *s, int *winner, unsigned *plies)
{
    fox_solve_position p = {s->fox, s->geese, s->head.side, s->chain};
    return t && hunt_count(s->geese) <= herdi_fox_solve_geese(t) &&
           herdi_fox_solve_query(t, &p, winner, plies) == HERD_OK;
}

/* A solved win at a leaf of the search ranks above every guess and below
 * every win the search sees itself (those score near HERD_SEARCH_WIN). */
#define SOLVED_LEAF (HERD_SEARCH_WIN / 2)

/* The points the fox reaches by steps alone, its own included: the room
 * the geese must take from it to trap it. */
static grid_set fox_room(grid_set fox, grid_set empty)
{
    grid_set room = fox, grown;
    while ((grown = room | (grid_around(room) & empty)) != room)
        room = grown;
    return room;
}

/* The geese the fox could jump from some point of its room (where the
 * point beyond is empty or the fox's own): those the geese must still
 * cover. */
static grid_set exposed_geese(grid_set room, grid_set geese)
{
    grid_set exposed = 0;
    for (int d = 0; d < HUNT_DIRS; d++)
        exposed |= grid_step(room, d) & geese & grid_step(GRID_CROSS & ~geese, (d + 4) % HUNT_DIRS);
    return exposed;
}

/* For the fox, from the side to move's point of view: the geese left
 * (fewer than four lose), counting those the fox takes before the geese
 * can answer (the chain it can jump now, or one of two threats the geese
 * face at once), then the room it has to run in, its steps, and the geese
 * it could reach to jump. The geese's plan is the reverse: fill the
 * fox's room without leaving a goose to jump. */
static int fox_evaluate(const void *state)
{
    const fox_state *s = state;
    grid_set fox = (grid_set)1 << herdi_fox_cross.code[s->fox], geese = grid_of(s->geese);
    grid_set empty = GRID_CROSS & ~geese & ~fox;
    int count = hunt_count(s->geese), taken;
    if (s->head.side == HERD_FOX_FOX) {
        taken = grid_longest_chain(fox, geese, count);
    } else {
        grid_set landings = 0;
        for (int d = 0; d < HUNT_DIRS; d++)
            landings |= grid_jump(fox, geese, d);
        taken = hunt_count(landings) > 1;
    }
    grid_set room = fox_room(fox, empty);
    int score = -100 * (count - taken) + 8 * hunt_count(room) +
                5 * hunt_count(grid_around(fox) & empty) + 10 * hunt_count(exposed_geese(room, geese));
    return s->head.side == HERD_FOX_FOX ? score : -score;
}

/* The `perfect` level's leaves (FOX_EVAL_TABLE, with the table that its
 * search carries): the table's value where it holds the position, a win or a
 * loss, sooner or later, or a draw; fox_evaluate() elsewhere. */
static int fox_table_evaluate(const void *table, const void *state)
{
    const fox_state *s = state;
    int winner;
    unsigned plies;
    if (solved_value(table, s, &winner, &plies)) {
        int n = plies > 255 ? 255 : (int)plies; /* a distance not held: the slowest */
        if (winner == FOX_SOLVE_DRAW)
            return 0;
        return winner == s->head.side ? SOLVED_LEAF - n : n - SOLVED_LEAF;
    }
    return fox_evaluate(state);
}

/* The evaluations (herd_level.eval): the plain one, and the perfect
 * level's, which reads the table. */
enum { FOX_EVAL_PLAIN, FOX_EVAL_TABLE };

static int fox_leaf_evaluate(const void *state, unsigned eval, const void *table)
{
    return eval == FOX_EVAL_TABLE ? fox_table_evaluate(table, state) : fox_evaluate(state);
}

static const herd_level fox_levels[] = {
    /* For players (docs/levels.md has the searches): a ply of the search
     * is a step or one hop of a chain (or its stop), so the fox's chain
     * counts hop by hop; the descriptions call a ply a move, as the other
     * games' do (a hop is a move: each is an action of its own).
     * Perfect's search (300,000 positions) also scores the positions its
     * table holds by their solved value. */
    {"greedy", "jumps along a longest chain when it can, else moves at random", HERD_LEVEL_OWN, 0,
     0, 0},
    {"club", "looks 3 moves ahead, weighing up to 5,000 positions",
     HERD_LEVEL_ALPHABETA, 3, 5000, 0},
    {"expert", "looks up to 6 moves ahead, weighing up to 50,000 positions",
     HERD_LEVEL_ALPHABETA, 6, 50000, 0},
    {"perfect", "perfect at up to 6 geese (by default), else 8 moves ahead",
     HERD_LEVEL_SOLVED, 8, 300000, FOX_EVAL_TABLE},
};

/* ------------------------------------------------------------ solved */

/* A handle's solution table (herd_rules.table_fill): the most geese it
 * holds for herd_solve() (`limit`) and for the `perfect` level
 * (`level_limit`, lower by default so that no move of the level waits long
 * for its table) and, once a position within them needed it, the table,
 * which either may read where it holds the position. The table
 * is atomic: a hint (a const call) that finds none publishes the one it
 * builds with a compare-and-swap, while other hints may read it. */
typedef struct fox_solver {
    int limit, level_limit;
    _Atomic(fox_table *) table;
} fox_solver;

static void fox_solver_init(void *table)
{
    fox_solver *h = table;
    h->limit = HERD_FOX_SOLVE_DEFAULT;
    h->level_limit = HERD_FOX_LEVEL_LIMIT_DEFAULT;
    atomic_init(&h->table, NULL);
}

/* Only a non-const call frees the table: no hint runs meanwhile. */
static void fox_solver_free(void *table)
{
    fox_solver *h = table;
    herdi_fox_solve_free(atomic_load(&h->table));
    atomic_store(&h->table, NULL);
}

static fox_table *solver_table(const fox_solver *h)
{
    return h ? atomic_load_explicit(&h->table, memory_order_acquire) : NULL;
}

/* Every position with up to as many geese as s has (4 at least) under the
 * rules of s, with their distances to the end where the table can keep
 * them (without sideways steps: lib/games/fox/fox_solve.h). */
static void table_options(fox_solve_options *o, const fox_state *s, int geese)
{
    herdi_fox_solve_default_options(o);
    o->geese = geese < HERD_FOX_GEESE_TO_WIN ? HERD_FOX_GEESE_TO_WIN : geese;
    o->sideways = s->sideways;
    o->exact = s->sideways ? 0 : o->geese;
}

static int build_table(fox_table **out, const fox_state *s, int geese, herd_alloc_fn alloc,
                       void *ud, int (*stop)(void *ctx), void *stop_ctx, herd_msg msg)
{
    fox_solve_options o;
    table_options(&o, s, geese);
    o.alloc = alloc;
    o.alloc_ud = ud;
    o.stop = stop;
    o.ud = stop_ctx;
    return herdi_fox_solve_build(out, &o, msg);
}

/* The handle's table, if it is for the rules of the position (a position
 * text may change `sideways`). It holds as many geese as the largest
 * position asked about, up to the limit, and is built again only for a
 * larger one (after an undo or a new position). */
static const fox_table *table_for(const fox_solver *h, const fox_state *s)
{
    const fox_table *t = solver_table(h);
    return t && herdi_fox_solve_sideways(t) == s->sideways ? t : NULL;
}

/* The most geese of the table that herd_solve() (`solving`) or the level
 * builds: the handle's limit, or the default where it has no settings. */
static int limit_of(const fox_solver *h, int solving)
{
    if (solving)
        return h ? h->limit : HERD_FOX_SOLVE_DEFAULT;
    return h ? h->level_limit : HERD_FOX_LEVEL_LIMIT_DEFAULT;
}

/* Whether t holds the positions with this many geese. */
static int holds(const fox_table *t, int geese)
{
    return t && geese <= herdi_fox_solve_geese(t);
}

static int fox_table_fill(void *table, const void *state, int solving, herd_alloc_fn alloc,
                          void *ud, int (*stop)(void *ctx), void *stop_ctx, herd_msg msg)
{
    fox_solver *h = table;
    const fox_state *s = state;
    int geese = hunt_count(s->geese);
    if (s->head.result != HERD_ONGOING)
        return HERD_OK; /* its value needs no table */
    if (geese > limit_of(h, solving)) /* play reads a table kept beyond its limit */
        return solving ? herdi_fail(msg, HERD_E_UNSUPPORTED,
                                   "fox is solved up to %d geese (herd_fox_set_solve_limit(), at "
                                   "most %d): this position has %d",
                                   h->limit, HERD_FOX_SOLVE_MAX, geese)
                       : HERD_OK;
    if (holds(table_for(h, s), geese))
        return HERD_OK;
    fox_solver_free(h);
    fox_table *t = NULL;
    int rc = build_table(&t, s, geese, alloc, ud, stop, stop_ctx, msg);
    atomic_store(&h->table, t);
    return rc;
}

static size_t fox_table_bytes(const void *table)
{
    const fox_table *t = solver_table(table);
    return t ? (size_t)herdi_fox_solve_size(t) : 0;
}

/* What fox_table_fill() and fox_table_choose() hold (herd_rules.table_need),
 * as they go: a table is built where the position is within the limit and
 * the handle's does not hold it; play then searches beyond the table, and
 * with sideways steps (whose table keeps no distances). */
static void fox_table_need(const void *table, const void *state, int solving, int replaces,
                           herd_table_need *need)
{
    const fox_solver *h = table;
    const fox_state *s = state;
    const fox_table *kept = solver_table(h);
    size_t held = kept ? (size_t)herdi_fox_solve_size(kept) : 0;
    int geese = hunt_count(s->geese), limit = limit_of(h, solving);
    need->build = 0;
    need->kept = held;
    need->searches = !solving;
    need->what[0] = '\0';
    if (s->head.result != HERD_ONGOING) {
        need->searches = 0; /* its value needs no table */
        return;
    }
    int held_here = holds(table_for(h, s), geese);
    if (geese > limit || held_here) {
        need->searches = !solving && (!held_here || s->sideways);
        return;
    }
    fox_solve_options o;
    uint64_t after;
    table_options(&o, s, geese);
    uint64_t peak = herdi_fox_solve_need(&o, &after);
    /* A hint keeps the handle's table while it builds one for itself; a
     * table too large for the address space needs more than any limit. */
    size_t before = replaces || !kept ? 0 : held;
    need->build = peak ? herd_bytes_add(before, (size_t)peak) : SIZE_MAX;
    need->kept = herd_bytes_add(before, (size_t)after);
    need->searches = !solving && s->sideways;
    snprintf(need->what, sizeof need->what, "the fox table for %d geese", o.geese);
}

/* herd_solve(): the value where the table holds the distance; a draw, and
 * a win whose distance the table does not keep (with sideways steps), are
 * told in the refusal's message. */
static int fox_table_solve(const void *state, const void *table, int *winner, unsigned *plies,
                           herd_msg msg)
{
    const fox_state *s = state;
    int w;
    unsigned n;
    if (s->head.result != HERD_ONGOING) {
        *winner = s->head.winner;
        *plies = 0;
        return HERD_OK;
    }
    if (!solved_value(table_for(table, s), s, &w, &n))
        return herdi_fail(msg, HERD_E_UNSUPPORTED,
                          "the solution table does not hold this position");
    if (w == FOX_SOLVE_DRAW)
        return herdi_fail(msg, HERD_E_UNSUPPORTED,
                          "a draw with perfect play: neither side can force a win");
    if (n == FOX_SOLVE_NO_PLIES)
        return herdi_fail(msg, HERD_E_UNSUPPORTED,
                          "%s win with perfect play, in a number of actions that the solution "
                          "table does not keep with sideways steps",
                          w == HERD_FOX_FOX ? "the fox would" : "the geese would");
    *winner = w;
    *plies = n;
    return HERD_OK;
}

/* Perfect play from the table, which holds the position with distances:
 * an action whose result is best for the side to move (the quickest win,
 * the slowest loss), drawn among the equally good. */
static herd_move table_move(const fox_state *s, const fox_table *t, herd_rng *rng)
{
    herd_move moves[HERD_FOX_MAX_MOVES];
    int rank[HERD_FOX_MAX_MOVES];
    size_t n = side_moves(s, moves);
    for (size_t i = 0; i < n; i++) {
        fox_state next = *s;
        int winner = FOX_SOLVE_DRAW;
        unsigned plies = 0;
        fox_play(&next, moves[i]);
        solved_value(t, &next, &winner, &plies); /* fewer geese: held too */
        rank[i] = (int)herdi_fox_solve_rank(s->head.side, winner, plies);
    }
    return moves[herdi_rng_pick_best(rng, rank, n)];
}

/* The `perfect` level. A hint (a const call) whose handle has no table
 * yet builds one where the position is within the limit, as genmove's
 * table_fill would have, and publishes it in the handle for the hints
 * after it; the loser of a race between hints, and a hint whose handle
 * keeps a table that does not hold the position (only a non-const call may
 * free that), use theirs for the call and free it. */
static int fox_table_choose(struct herd_search *search, void *state, const void *table,
                            const herd_level *level, herd_move *m)
{
    const fox_solver *h = table;
    const fox_state *s = state;
    const fox_table *t = table_for(h, s);
    fox_table *own = NULL;
    int geese = hunt_count(s->geese), rc = HERD_OK;
    if (!holds(t, geese) && geese <= limit_of(h, 0)) {
        herd_msg none = {NULL, 0};
        rc = build_table(&own, s, geese, search->alloc, search->ud, search->stop, search->stop_ctx,
                         none);
        if (rc != HERD_OK)
            return rc;
        t = own;
        fox_table *empty = NULL;
        /* The settings are the handle's, written through a const handle as
         * its atomic interrupt flag is. */
        fox_solver *shared = (fox_solver *)(uintptr_t)h;
        if (shared && atomic_compare_exchange_strong_explicit(
                          &shared->table, &empty, own, memory_order_acq_rel, memory_order_acquire))
            own = NULL; /* the handle's now */
    }
    int winner;
    unsigned plies;
    if (solved_value(t, s, &winner, &plies) && plies != FOX_SOLVE_NO_PLIES) {
        *m = table_move(s, t, search->rng);
    } else { /* beyond the table, or a table without distances (sideways) */
        herd_search leaves = *search;
        leaves.table = t;
        rc = herdi_search_alphabeta(&leaves, s, level, m);
        search->nodes = leaves.nodes;
    }
    herdi_fox_solve_free(own);
    return rc;
}

/* ---------------------------------------------------- for learning */

/* The hunt's action space (hunt.h): the steps along the lines, the jumps
 * along two lines in a row, and `stop`. */
static size_t fox_num_actions(const void *state)
{
    (void)state;
    return herdi_hunt_action_count(&herdi_fox_cross, 1);
}

static int fox_action_index(const void *state, herd_move m, size_t *index)
{
    (void)state;
    return herdi_hunt_action_index(&herdi_fox_cross, 1, m, index);
}

static herd_move fox_action_move(const void *state, size_t index)
{
    (void)state;
    return herdi_hunt_action_move(&herdi_fox_cross, 1, index);
}

/* fox_legal()'s actions as numbers, in its order. */
static size_t fox_legal_indices(const void *state, uint16_t *buf)
{
    const fox_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return side_moves_as(s, NULL, buf);
}

enum { OBS_CHAIN = HUNT_PLANES, OBS_SIDEWAYS, OBS_PLANES };

static void fox_observation_shape(const void *state, size_t shape[3])
{
    (void)state;
    herdi_hunt_observation_shape(&herdi_fox_cross, OBS_PLANES, shape);
}

/* The hunt's planes, then whether the fox is in a chain and whether the
 * geese may step sideways. */
static void fox_observe(const void *state, int side, float *buf)
{
    const fox_state *s = state;
    herd_planes o = herdi_hunt_planes(&herdi_fox_cross, buf);
    herdi_hunt_observe(&herdi_fox_cross, o, s->fox, s->geese, HERD_FOX_FOX, side,
                       s->head.result == HERD_ONGOING ? s->head.side : -1);
    if (s->chain)
        herd_plane_fill(o, OBS_CHAIN, 1.0f);
    if (s->sideways)
        herd_plane_fill(o, OBS_SIDEWAYS, 1.0f);
}

/* ---------------------------------------------------- typed queries */

static const fox_state *fox_of(const herd_game *g)
{
    return herdi_game_state(g, HERD_FOX);
}

herd_move herd_fox_step(herd_cell from, herd_cell to)
{
    return herdi_hunt_step_move(from, to);
}

herd_move herd_fox_jump(herd_cell from, herd_cell to)
{
    return herdi_hunt_jump_move(from, to);
}

herd_move herd_fox_stop(void)
{
    return herdi_hunt_stop_move();
}

int herd_fox_move_kind(herd_move m, int *kind)
{
    hunt_action a;
    if (!kind || !herdi_hunt_decode(m, &a))
        return HERD_E_ARG;
    *kind = a.kind == HUNT_STEP   ? HERD_FOX_STEP
            : a.kind == HUNT_JUMP ? HERD_FOX_JUMP
                                  : HERD_FOX_STOP;
    return HERD_OK;
}

int herd_fox_move_cells(herd_move m, herd_cell *from, herd_cell *to)
{
    hunt_action a;
    if (!herdi_hunt_decode(m, &a) || a.kind == HUNT_STOP)
        return HERD_E_ARG;
    if (from)
        *from = a.from;
    if (to)
        *to = a.to;
    return HERD_OK;
}

int herd_fox_point(int index, herd_cell *cell)
{
    if (index < 0 || index >= HERD_FOX_POINTS || !cell)
        return HERD_E_ARG;
    *cell = herdi_fox_cross.cell[index];
    return HERD_OK;
}

int herd_fox_line(int index, herd_cell *a, herd_cell *b)
{
    int p, q;
    if (!a || !b || !herdi_hunt_line(&herdi_fox_cross, index, &p, &q))
        return HERD_E_ARG;
    *a = herdi_fox_cross.cell[p];
    *b = herdi_fox_cross.cell[q];
    return HERD_OK;
}

int herd_fox_at(const herd_game *g, herd_cell cell, int *side)
{
    const fox_state *s = fox_of(g);
    int p = herdi_hunt_point_at(&herdi_fox_cross, cell.row, cell.col);
    if (!s || !side || p < 0)
        return HERD_E_ARG;
    *side = p == s->fox ? HERD_FOX_FOX : s->geese >> p & 1 ? HERD_FOX_GEESE : -1;
    return HERD_OK;
}

int herd_fox_locate(const herd_game *g, herd_cell *cell)
{
    const fox_state *s = fox_of(g);
    if (!s || !cell)
        return HERD_E_ARG;
    *cell = herdi_fox_cross.cell[s->fox];
    return HERD_OK;
}

int herd_fox_geese_left(const herd_game *g, int *geese)
{
    const fox_state *s = fox_of(g);
    if (!s || !geese)
        return HERD_E_ARG;
    *geese = hunt_count(s->geese);
    return HERD_OK;
}

int herd_fox_sideways(const herd_game *g, int *sideways)
{
    const fox_state *s = fox_of(g);
    if (!s || !sideways)
        return HERD_E_ARG;
    *sideways = s->sideways;
    return HERD_OK;
}

/* Sets the limit of herd_solve() (`level` 0) or of the `perfect` level
 * (1); a table larger than both limits then is freed. */
static int set_limit(herd_game *g, int geese, int level)
{
    const char *fn = level ? "herd_fox_set_level_limit()" : "herd_fox_set_solve_limit()";
    if (!g)
        return HERD_E_ARG;
    if (!herdi_game_state(g, HERD_FOX))
        return herdi_fail(herdi_game_message(g), HERD_E_ARG, "%s takes a fox game, not %s", fn,
                         herd_game_name(g));
    if (geese < HERD_FOX_GEESE_TO_WIN || geese > HERD_FOX_SOLVE_MAX)
        return herdi_fail(herdi_game_message(g), HERD_E_RANGE,
                         "a %s limit of %d geese is out of range %d..%d",
                         level ? "level" : "solve", geese, HERD_FOX_GEESE_TO_WIN,
                         HERD_FOX_SOLVE_MAX);
    fox_solver *h = herdi_game_table(g, HERD_FOX);
    if (!h)
        return HERD_E_NOMEM;
    *(level ? &h->level_limit : &h->limit) = geese;
    const fox_table *t = solver_table(h);
    if (t && herdi_fox_solve_geese(t) > h->limit && herdi_fox_solve_geese(t) > h->level_limit)
        fox_solver_free(h); /* more than either limit allows */
    return HERD_OK;
}

static int get_limit(const herd_game *g, int *geese, int level)
{
    if (!herdi_game_state(g, HERD_FOX) || !geese)
        return HERD_E_ARG;
    *geese = limit_of(herdi_game_table_made(g, HERD_FOX), !level);
    return HERD_OK;
}

int herd_fox_set_solve_limit(herd_game *g, int geese)
{
    return set_limit(g, geese, 0);
}

int herd_fox_solve_limit(const herd_game *g, int *geese)
{
    return get_limit(g, geese, 0);
}

int herd_fox_set_level_limit(herd_game *g, int geese)
{
    return set_limit(g, geese, 1);
}

int herd_fox_level_limit(const herd_game *g, int *geese)
{
    return get_limit(g, geese, 1);
}

int herd_fox_in_chain(const herd_game *g, int *in_chain)
{
    const fox_state *s = fox_of(g);
    if (!s || !in_chain)
        return HERD_E_ARG;
    *in_chain = s->chain;
    return HERD_OK;
}

/* The settings stay: only the table built into them goes. */
static int fox_table_free(void *table)
{
    fox_solver_free(table);
    return 0;
}

static const herd_save_rules fox_save = {fox_write_save, fox_read_save};
static const herd_solver fox_solver_rules = {
    sizeof(fox_solver), fox_solver_init, fox_table_fill,  fox_table_free,
    fox_table_bytes,    fox_table_need,  fox_table_solve, fox_table_choose,
};

const herd_rules herdi_fox_rules = {
    .desc =
        {
            .kind = HERD_FOX,
            .name = "fox",
            .title = "Fox and Geese",
            .side_names = {"fox", "geese"},
            .options = fox_options,
            .option_count = sizeof fox_options / sizeof fox_options[0],
            .level_count = HERD_LEVEL_COUNT(fox_levels),
            .default_level = 1,
            .max_moves = HERD_FOX_MAX_MOVES,
        },
    .state_size = sizeof(fox_state),
    .init = fox_init,
    .options_of = fox_given_options,
    .legal = fox_legal,
    .count = fox_count,
    .apply = fox_apply,
    .play = fox_play,
    .write_move = fox_write_move,
    .write_position = fox_write_position,
    .read_position = fox_read_position,
    .read_move = fox_read_move,
    .show = fox_show,
    .genmove = fox_genmove,
    .levels = fox_levels,
    .hash = fox_hash,
    .evaluate = fox_leaf_evaluate,
    .num_actions = fox_num_actions,
    .action_index = fox_action_index,
    .action_move = fox_action_move,
    .legal_indices = fox_legal_indices,
    .observation_shape = fox_observation_shape,
    .observe = fox_observe,
    .save = &fox_save,
    .solver = &fox_solver_rules,
};
