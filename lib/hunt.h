/* The hunt mechanism shared by Hare and Hounds (hare.c) and Fox and Geese
 * (fox.c): a board of named points joined by lines, one hunter that moves
 * along the lines in any direction, and several pursuers that move only in
 * the directions the game allows them (never back). A game is its board
 * data, its directions and its few own rules; everything else is here. */
#ifndef HERD_HUNT_H
#define HERD_HUNT_H

#include "actions.h"
#include "bits.h"
#include "internal.h"

#define HUNT_MAX_POINTS 33
#define HUNT_GRID 7 /* boards fit a 7x7 grid of cell names, a1..g7 */

/* The eight directions of a line, clockwise from up (toward row a). */
enum { HUNT_N, HUNT_NE, HUNT_E, HUNT_SE, HUNT_S, HUNT_SW, HUNT_W, HUNT_NW, HUNT_DIRS };
#define HUNT_BIT(d) (1u << (d))
#define HUNT_UP (HUNT_BIT(HUNT_N) | HUNT_BIT(HUNT_NE) | HUNT_BIT(HUNT_NW))
#define HUNT_SIDEWAYS (HUNT_BIT(HUNT_E) | HUNT_BIT(HUNT_W))
#define HUNT_DOWN (HUNT_BIT(HUNT_SE) | HUNT_BIT(HUNT_S) | HUNT_BIT(HUNT_SW))
#define HUNT_ANY 0xffu
/* The directions of a move are always a union of these groups. */
enum { HUNT_GROUP_UP, HUNT_GROUP_SIDEWAYS, HUNT_GROUP_DOWN, HUNT_GROUPS };
/* The row and column steps of direction d: constant expressions, so that
 * a board's tables are written out by the compiler (HUNT_NEXT). */
#define HUNT_DROW(d) (HUNT_UP >> (d) & 1 ? -1 : HUNT_SIDEWAYS >> (d) & 1 ? 0 : 1)
#define HUNT_DCOL(d) ((d) == HUNT_N || (d) == HUNT_S ? 0 : (d) < HUNT_S ? 1 : -1)

/* A set of points, bit p for point p. */
typedef uint64_t hunt_set;

/* No point: an index whose bit no set of points holds. */
#define HUNT_NONE 63

/* A board: its points in row-major order (so that the byte order of the
 * names is the order of the points) and, for each, the directions in which
 * a line leaves it to the neighbouring point. Plain constant data. */
typedef struct hunt_board {
    int points;
    herd_cell cell[HUNT_MAX_POINTS];
    /* point + 1 at each cell, 0 for none; eight by eight, so that any cell
     * code of an action (row * 8 + col) reads it */
    uint8_t index[8][8];
    uint8_t links[HUNT_MAX_POINTS];      /* HUNT_BIT(d) for each line leaving */
    /* On a board with jumps: HUNT_BIT(d) where two lines in a row leave in
     * direction d (herdi_hunt_jumped() finds them; a table, so that the action
     * space numbers a jump in a few reads). */
    uint8_t jumps[HUNT_MAX_POINTS];
    /* The point one line away in each direction, HUNT_NONE where no line
     * goes: the links as a table, for the move generator (HUNT_NEXT). */
    uint8_t next[HUNT_MAX_POINTS][HUNT_DIRS];
    /* The neighbouring points in each group of directions (HUNT_NEAR):
     * whether a piece can move at all is one test. */
    hunt_set near[HUNT_MAX_POINTS][HUNT_GROUPS];
    uint8_t code[HUNT_MAX_POINTS]; /* each point's cell as an action holds it: HUNT_CODE */
    /* The action space (herdi_hunt_action_index()): the number of each step and
     * jump, by kind (HUNT_STEP, HUNT_JUMP), point and direction
     * (HUNT_NUMBERS), and the count of both kinds, which is `stop`'s
     * number in a game with jumps. */
    uint16_t number[2][HUNT_MAX_POINTS][HUNT_DIRS];
    uint16_t actions;
} hunt_board;

#define HUNT_CODE(r, c) ((r)*8 + (c))

/* A point's row of hunt_board.next, from its cell, its links and the
 * board's own constant expression at(row, col) for the point at a cell. */
#define HUNT_NEXT_1(at, r, c, links, d) \
    (uint8_t)(((links) >> (d) & 1) ? at((r) + HUNT_DROW(d), (c) + HUNT_DCOL(d)) : HUNT_NONE)
#define HUNT_NEXT(at, r, c, links)                                                            \
    {                                                                                         \
        HUNT_NEXT_1(at, r, c, links, 0), HUNT_NEXT_1(at, r, c, links, 1),                     \
            HUNT_NEXT_1(at, r, c, links, 2), HUNT_NEXT_1(at, r, c, links, 3),                 \
            HUNT_NEXT_1(at, r, c, links, 4), HUNT_NEXT_1(at, r, c, links, 5),                 \
            HUNT_NEXT_1(at, r, c, links, 6), HUNT_NEXT_1(at, r, c, links, 7)                  \
    }

/* A point's row of hunt_board.near, as HUNT_NEXT's. */
#define HUNT_NEAR_1(at, r, c, links, d) \
    (((links) >> (d) & 1)                                                         \
         ? (hunt_set)1 << ((unsigned)at((r) + HUNT_DROW(d), (c) + HUNT_DCOL(d)) & 63u) \
         : 0)
#define HUNT_NEAR(at, r, c, links)                                                            \
    {                                                                                         \
        HUNT_NEAR_1(at, r, c, links, HUNT_N) | HUNT_NEAR_1(at, r, c, links, HUNT_NE) |        \
            HUNT_NEAR_1(at, r, c, links, HUNT_NW),                                            \
            HUNT_NEAR_1(at, r, c, links, HUNT_E) | HUNT_NEAR_1(at, r, c, links, HUNT_W),      \
            HUNT_NEAR_1(at, r, c, links, HUNT_SE) | HUNT_NEAR_1(at, r, c, links, HUNT_S) |    \
                HUNT_NEAR_1(at, r, c, links, HUNT_SW)                                         \
    }

/* A byte's bits counted, as a constant expression. */
#define HUNT_COUNT8(x)                                                                   \
    (((x)&1) + ((x) >> 1 & 1) + ((x) >> 2 & 1) + ((x) >> 3 & 1) + ((x) >> 4 & 1) +       \
     ((x) >> 5 & 1) + ((x) >> 6 & 1) + ((x) >> 7 & 1))

/* The numbering of the action space, written out by the compiler: every
 * step, point by point in the board's order and each point's directions
 * clockwise from up; then every jump in the same order; then `stop`. A
 * board declares one enum that runs over its points with
 * HUNT_FIRST(steps, r, c, links), then again with HUNT_FIRST(jumps, r, c,
 * jumps) on a board with jumps, and ends with the count of all: each
 * constant name_r_c is the number of the point's first action of that
 * kind, the running count before it. HUNT_NUMBERS(name_r_c, dirs) is then
 * the point's row of hunt_board.number. */
#define HUNT_FIRST(name, r, c, dirs) \
    name##_##r##_##c, name##_##r##_##c##_LAST = name##_##r##_##c + HUNT_COUNT8(dirs) - 1,
#define HUNT_NUMBER_1(first, dirs, d) (uint16_t)((first) + HUNT_COUNT8((dirs) & (HUNT_BIT(d) - 1u)))
#define HUNT_NUMBERS(first, dirs)                                                          \
    {                                                                                      \
        HUNT_NUMBER_1(first, dirs, 0), HUNT_NUMBER_1(first, dirs, 1),                      \
            HUNT_NUMBER_1(first, dirs, 2), HUNT_NUMBER_1(first, dirs, 3),                  \
            HUNT_NUMBER_1(first, dirs, 4), HUNT_NUMBER_1(first, dirs, 5),                  \
            HUNT_NUMBER_1(first, dirs, 6), HUNT_NUMBER_1(first, dirs, 7)                   \
    }

/* The point at a cell, -1 for none (any coordinates are accepted). */
int herdi_hunt_point_at(const hunt_board *b, int row, int col);
/* The point one line away from p in direction d, -1 where no line goes. */
int herdi_hunt_next(const hunt_board *b, int p, int d);
/* The number of lines, and line i (0-based, ordered by their first point)
 * as its two points. */
int herdi_hunt_line_count(const hunt_board *b);
int herdi_hunt_line(const hunt_board *b, int i, int *p, int *q);

/* ------------------------------------------------------------ actions */

/* What an action does: a step to a neighbouring point, a jump over the
 * neighbouring point to the one beyond it (one hop of a chain), or the end
 * of a chain. */
typedef enum hunt_kind { HUNT_STEP, HUNT_JUMP, HUNT_STOP } hunt_kind;

/* An action decoded; from and to are unset for HUNT_STOP. */
typedef struct hunt_action {
    hunt_kind kind;
    herd_cell from, to;
} hunt_action;

/* The step from one cell to another (0, no action, when a cell is outside
 * the 7x7 grid of names). */
herd_move herdi_hunt_step_move(herd_cell from, herd_cell to);
/* The jump from one cell to the cell two away in a straight line (0 when to
 * is not so, or a cell is outside the grid). */
herd_move herdi_hunt_jump_move(herd_cell from, herd_cell to);
/* The action that ends a jump chain. */
herd_move herdi_hunt_stop_move(void);
/* Reads an action; 0 when m is no action of any hunt game. */
int herdi_hunt_decode(herd_move m, hunt_action *a);

/* The move generator (hunt_steps(), hunt_jumps() and their tests) is
 * inline at the end of this file. */
/* The point that a jump from p in direction d passes over, -1 when no jump
 * goes that way on the board (no line on, or no point beyond). */
int herdi_hunt_jumped(const hunt_board *b, int p, int d);

/* Checks that a step or a jump goes between points along lines, and names
 * why not: "b1-b3 is not a step along a line". points receives the two
 * point indices. */
int herdi_hunt_check_path(const hunt_board *b, const hunt_action *a, int points[2], herd_msg msg);
/* The direction of the line from p to q, its neighbour (-1 when none). */
int herdi_hunt_direction(const hunt_board *b, int p, int q);
/* The point that the jump from p to q passes over: the one between them
 * on a line through both (-1 when none). */
int herdi_hunt_between(const hunt_board *b, int p, int q);

/* ------------------------------------------------------ for learning */

/* The action space of a hunt game (herd_num_actions()): every step along a
 * line, point by point and each point's directions clockwise from up;
 * then, in a game with jumps, every jump along two lines in a row, in the
 * same order; then `stop`. */
size_t herdi_hunt_action_count(const hunt_board *b, int jumps);
/* HERD_E_ARG for a value that is no step, jump or stop of that space. */
int herdi_hunt_action_index(const hunt_board *b, int jumps, herd_move m, size_t *index);
herd_move herdi_hunt_action_move(const hunt_board *b, int jumps, size_t index);

/* The observation's first planes: the side's pieces, the other side's,
 * the points of the board, and whether the side is to act; a game adds
 * its own planes after HUNT_PLANES. The grid is the points' bounding box. */
enum { HUNT_OBS_MINE, HUNT_OBS_THEIRS, HUNT_OBS_POINTS, HUNT_OBS_TO_ACT, HUNT_PLANES };
void herdi_hunt_observation_shape(const hunt_board *b, size_t planes, size_t shape[3]);
herd_planes herdi_hunt_planes(const hunt_board *b, float *buf);
/* Fills those planes for `side`: `hunter_side` is the side of the one
 * hunter (the hare, the fox), `to_act` the side to act, -1 once the game
 * is over. */
void herdi_hunt_observe(const hunt_board *b, herd_planes o, int hunter, hunt_set pursuers,
                        int hunter_side, int side, int to_act);

/* ------------------------------------------------------------- texts */

/* Action texts: `FROM-TO` for a step and, in a game with jumps, for a jump
 * (a text whose two points are two apart in a straight line), and `stop`.
 * The writer refuses (HERD_E_ARG) what the reader would not read back to
 * the same value: a step between points that no line joins, a jump along
 * no line, a jump or `stop` in a game without jumps. */
int herdi_hunt_write_move(const hunt_board *b, int jumps, herd_move m, herd_sb *sb);
int herdi_hunt_read_move(const hunt_board *b, int jumps, const char *text, herd_move *m,
                         herd_msg msg);

/* A point's name into buf (at least 4 bytes). */
const char *herdi_hunt_name(const hunt_board *b, int p, char *buf);
/* Reads one point name into p (-1 on failure); HERD_E_PARSE or
 * HERD_E_POSITION with a message. */
int herdi_hunt_scan_point(const hunt_board *b, herd_scan *sc, int *p, herd_msg msg);
/* Reads a comma-separated list of points into a set; a point listed twice is
 * HERD_E_POSITION. count receives the number listed. */
int herdi_hunt_scan_points(const hunt_board *b, herd_scan *sc, hunt_set *set, int *count,
                           herd_msg msg);
/* Writes a set as comma-separated names in byte order. */
void herdi_hunt_write_points(const hunt_board *b, hunt_set set, herd_sb *sb);

/* The board as text: the column numbers, then a row per letter with the
 * hunter's letter, the pursuers' letter or `.` on each point. */
void herdi_hunt_show(const hunt_board *b, int hunter, hunt_set pursuers, char hunter_mark,
                     char pursuer_mark, herd_sb *sb);

/* The point of a cell option (`start=c2`): HERD_E_RANGE, naming the key,
 * when the cell is no point of the board. */
int herdi_hunt_option_point(const hunt_board *b, const char *key, herd_cell cell, int *p,
                            herd_msg msg);

/* ---------------------------------------------------- the generator */

/* herd_move layout: bit 63 marks an action (0 is none); bits 0-5 the first
 * cell and bits 6-11 the second (row * 8 + col each); bits 12-13 the kind
 * (hunt_kind). A stop has no cells. */
#define HUNT_ACTION ((herd_move)1 << 63)
#define HUNT_KIND_SHIFT 12

static inline int hunt_count(hunt_set s)
{
    return herd_bit_count(s);
}

/* The lowest member of a set that is not empty. */
static inline int hunt_first(hunt_set s)
{
    return herd_lowest_bit(s);
}

/* The highest member of a set that is not empty: on a board's points in
 * row-major order, one in the lowest row that the set reaches. */
static inline int hunt_last(hunt_set s)
{
    return herd_top_bit64(s);
}

/* The cell of point p as an action holds it. */
static inline herd_move hunt_code(const hunt_board *b, int p)
{
    return b->code[p];
}

/* The points next to p in the directions dirs (a union of HUNT_UP,
 * HUNT_SIDEWAYS and HUNT_DOWN). */
static inline hunt_set hunt_near(const hunt_board *b, int p, unsigned dirs)
{
    return (dirs & HUNT_UP ? b->near[p][HUNT_GROUP_UP] : 0) |
           (dirs & HUNT_SIDEWAYS ? b->near[p][HUNT_GROUP_SIDEWAYS] : 0) |
           (dirs & HUNT_DOWN ? b->near[p][HUNT_GROUP_DOWN] : 0);
}

/* The generator writes the moves into buf or, where `numbers` is not
 * NULL, their numbers in the action space (hunt_board.number) into
 * numbers; with both NULL it counts them. Inline, so that each caller's
 * copy keeps one of the three. */

/* The steps from p to the points `to` (next to it in the directions dirs),
 * direction by direction. */
static inline size_t hunt_write_steps(const hunt_board *b, int p, hunt_set to, unsigned dirs,
                                      herd_move *buf, uint16_t *numbers)
{
    /* The directions that reach `to`, gathered without a branch (where no
     * line goes, next is HUNT_NONE, whose bit no set holds), then written
     * in their order. */
    unsigned free = 0;
    for (int d = 0; d < HUNT_DIRS; d++)
        if (dirs >> d & 1)
            free |= (unsigned)(to >> b->next[p][d] & 1) << d;
    size_t n = 0;
    herd_move from = HUNT_ACTION | hunt_code(b, p);
    for (; free; free &= free - 1) {
        int d = hunt_first(free);
        if (numbers)
            numbers[n++] = b->number[HUNT_STEP][p][d];
        else
            buf[n++] = from | hunt_code(b, b->next[p][d]) << 6;
    }
    return n;
}

/* The steps from p to empty neighbouring points in the directions dirs
 * (as hunt_near()). */
static inline size_t hunt_steps_as(const hunt_board *b, int p, hunt_set occupied, unsigned dirs,
                                   herd_move *buf, uint16_t *numbers)
{
    hunt_set to = hunt_near(b, p, dirs) & ~occupied;
    return buf || numbers ? hunt_write_steps(b, p, to, dirs, buf, numbers)
                          : (size_t)hunt_count(to);
}

static inline size_t hunt_steps(const hunt_board *b, int p, hunt_set occupied, unsigned dirs,
                                herd_move *buf)
{
    return hunt_steps_as(b, p, occupied, dirs, buf, NULL);
}

/* Whether p has a step in dirs. */
static inline int hunt_can_step(const hunt_board *b, int p, hunt_set occupied, unsigned dirs)
{
    return (hunt_near(b, p, dirs) & ~occupied) != 0;
}

/* The steps of every pursuer in dirs, pursuer by pursuer. */
static inline size_t hunt_pursuer_steps_as(const hunt_board *b, hunt_set pursuers,
                                           hunt_set occupied, unsigned dirs, herd_move *buf,
                                           uint16_t *numbers)
{
    size_t n = 0;
    for (hunt_set s = pursuers; s; s &= s - 1) {
        int p = hunt_first(s);
        hunt_set to = hunt_near(b, p, dirs) & ~occupied;
        if (!buf && !numbers)
            n += (size_t)hunt_count(to);
        else if (to)
            n += hunt_write_steps(b, p, to, dirs, buf ? buf + n : NULL,
                                  numbers ? numbers + n : NULL);
    }
    return n;
}

static inline size_t hunt_pursuer_steps(const hunt_board *b, hunt_set pursuers, hunt_set occupied,
                                        unsigned dirs, herd_move *buf)
{
    return hunt_pursuer_steps_as(b, pursuers, occupied, dirs, buf, NULL);
}

static inline int hunt_pursuers_can_step(const hunt_board *b, hunt_set pursuers,
                                         hunt_set occupied, unsigned dirs)
{
    for (hunt_set s = pursuers; s; s &= s - 1)
        if (hunt_can_step(b, hunt_first(s), occupied, dirs))
            return 1;
    return 0;
}

/* The hunter's jumps from p: over a pursuer on a neighbouring point to the
 * empty point beyond it on the same line, at most one per direction (the
 * board's jumps). */
static inline size_t hunt_jumps_as(const hunt_board *b, int p, hunt_set pursuers,
                                   hunt_set occupied, herd_move *buf, uint16_t *numbers)
{
    size_t n = 0;
    herd_move from = HUNT_ACTION | (herd_move)HUNT_JUMP << HUNT_KIND_SHIFT | hunt_code(b, p);
    for (unsigned ds = b->jumps[p]; ds; ds &= ds - 1) {
        int d = hunt_first(ds), over = b->next[p][d], to = b->next[over][d];
        if (!(pursuers >> over & 1) || (occupied >> to & 1))
            continue;
        if (numbers)
            numbers[n] = b->number[HUNT_JUMP][p][d];
        else if (buf)
            buf[n] = from | hunt_code(b, to) << 6;
        n++;
    }
    return n;
}

static inline size_t hunt_jumps(const hunt_board *b, int p, hunt_set pursuers, hunt_set occupied,
                                herd_move *buf)
{
    return hunt_jumps_as(b, p, pursuers, occupied, buf, NULL);
}

/* The point at a cell code, -1 for none. */
static inline int hunt_cell_point(const hunt_board *b, unsigned code)
{
    return b->index[code >> 3 & 7][code & 7] - 1;
}

/* Whether m is a step of a piece of `movers` in the directions dirs (as
 * hunt_near()) to an empty point: apply's test of a legal step, before any
 * decoding (a refusal is then told by the game's checks in order). pt
 * receives its two points. */
static inline int hunt_is_step(const hunt_board *b, herd_move m, hunt_set movers,
                               hunt_set occupied, unsigned dirs, int pt[2])
{
    if ((m & ~(herd_move)0xfff) != HUNT_ACTION) /* a step, no stray bits */
        return 0;
    pt[0] = hunt_cell_point(b, (unsigned)(m & 63));
    pt[1] = hunt_cell_point(b, (unsigned)(m >> 6 & 63));
    return pt[0] >= 0 && pt[1] >= 0 && (movers >> pt[0] & 1) &&
           (hunt_near(b, pt[0], dirs) & ~occupied) >> pt[1] & 1;
}

/* The points of an action that a generator above wrote: where it starts,
 * where it ends and, for a jump, the point it passes over (the cell half
 * way). Nothing is checked. */

static inline int hunt_from(const hunt_board *b, herd_move m)
{
    return hunt_cell_point(b, (unsigned)(m & 63));
}

static inline int hunt_to(const hunt_board *b, herd_move m)
{
    return hunt_cell_point(b, (unsigned)(m >> 6 & 63));
}

static inline int hunt_over(const hunt_board *b, herd_move m)
{
    return hunt_cell_point(b, (unsigned)((m & 63) + (m >> 6 & 63)) / 2);
}

static inline hunt_kind hunt_kind_of(herd_move m)
{
    return (hunt_kind)(m >> HUNT_KIND_SHIFT & 3);
}

#endif /* HERD_HUNT_H */
