/* The hunt mechanism shared by Hare and Hounds (hare.c) and Fox and Geese
 * (fox.c): a board of named points joined by lines, one hunter that moves
 * along the lines in any direction, and several pursuers that move only in
 * the directions the game allows them (never back). A game is its board
 * data, its directions and its few own rules; everything else is here. */
#ifndef HERD_HUNT_H
#define HERD_HUNT_H

#include "actions.h"
#include "internal.h"

#define HUNT_MAX_POINTS 33
#define HUNT_GRID 7 /* boards fit a 7x7 grid of cell names, a1..g7 */

/* The eight directions of a line, clockwise from up (toward row a). */
enum { HUNT_N, HUNT_NE, HUNT_E, HUNT_SE, HUNT_S, HUNT_SW, HUNT_W, HUNT_NW, HUNT_DIRS };
#define HUNT_BIT(d) (1u << (d))
#define HUNT_UP (HUNT_BIT(HUNT_N) | HUNT_BIT(HUNT_NE) | HUNT_BIT(HUNT_NW))
#define HUNT_SIDEWAYS (HUNT_BIT(HUNT_E) | HUNT_BIT(HUNT_W))
#define HUNT_ANY 0xffu

/* A set of points, bit p for point p. */
typedef uint64_t hunt_set;

/* A board: its points in row-major order (so that the byte order of the
 * names is the order of the points) and, for each, the directions in which
 * a line leaves it to the neighbouring point. Plain constant data. */
typedef struct hunt_board {
    int points;
    herd_cell cell[HUNT_MAX_POINTS];
    uint8_t index[HUNT_GRID][HUNT_GRID]; /* point + 1 at each cell, 0 for none */
    uint8_t links[HUNT_MAX_POINTS];      /* HUNT_BIT(d) for each line leaving */
} hunt_board;

/* The point at a cell, -1 for none (any coordinates are accepted). */
int hunt_point_at(const hunt_board *b, int row, int col);
/* The point one line away from p in direction d, -1 where no line goes. */
int hunt_next(const hunt_board *b, int p, int d);
/* The number of lines, and line i (0-based, ordered by their first point)
 * as its two points. */
int hunt_line_count(const hunt_board *b);
int hunt_line(const hunt_board *b, int i, int *p, int *q);

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
herd_move hunt_step_move(herd_cell from, herd_cell to);
/* The jump from one cell to the cell two away in a straight line (0 when to
 * is not so, or a cell is outside the grid). */
herd_move hunt_jump_move(herd_cell from, herd_cell to);
/* The action that ends a jump chain. */
herd_move hunt_stop_move(void);
/* Reads an action; 0 when m is no action of any hunt game. */
int hunt_decode(herd_move m, hunt_action *a);

/* The steps from p to empty neighbouring points in the directions dirs. */
size_t hunt_steps(const hunt_board *b, int p, hunt_set occupied, unsigned dirs, herd_move *buf);
/* The steps of every pursuer in dirs, pursuer by pursuer. */
size_t hunt_pursuer_steps(const hunt_board *b, hunt_set pursuers, hunt_set occupied, unsigned dirs,
                          herd_move *buf);
/* The hunter's jumps from p: over a pursuer on a neighbouring point to the
 * empty point beyond it on the same line, at most one per direction. */
size_t hunt_jumps(const hunt_board *b, int p, hunt_set pursuers, hunt_set occupied, herd_move *buf);
/* The point that a jump from p in direction d passes over, -1 when no jump
 * goes that way on the board (no line on, or no point beyond). */
int hunt_jumped(const hunt_board *b, int p, int d);

/* Checks that a step or a jump goes between points along lines, and names
 * why not: "b1-b3 is not a step along a line". points receives the two
 * point indices. */
int hunt_check_path(const hunt_board *b, const hunt_action *a, int points[2], herd_msg msg);
/* The direction of the line from p to q, its neighbour (-1 when none). */
int hunt_direction(const hunt_board *b, int p, int q);
/* The point that the jump from p to q passes over: the one between them
 * on a line through both (-1 when none). */
int hunt_between(const hunt_board *b, int p, int q);

/* ------------------------------------------------------ for learning */

/* The action space of a hunt game (herd_num_actions()): every step along a
 * line, point by point and each point's directions clockwise from up;
 * then, in a game with jumps, every jump along two lines in a row, in the
 * same order; then `stop`. */
size_t hunt_action_count(const hunt_board *b, int jumps);
/* HERD_E_ARG for a value that is no step, jump or stop of that space. */
int hunt_action_index(const hunt_board *b, int jumps, herd_move m, size_t *index);
herd_move hunt_action_move(const hunt_board *b, int jumps, size_t index);

/* The observation's first planes: the side's pieces, the other side's,
 * the points of the board, and whether the side is to act; a game adds
 * its own planes after HUNT_PLANES. The grid is the points' bounding box. */
enum { HUNT_OBS_MINE, HUNT_OBS_THEIRS, HUNT_OBS_POINTS, HUNT_OBS_TO_ACT, HUNT_PLANES };
void hunt_observation_shape(const hunt_board *b, size_t planes, size_t shape[3]);
herd_planes hunt_planes(const hunt_board *b, float *buf);
/* Fills those planes for `side`: `hunter_side` is the side of the one
 * hunter (the hare, the fox), `to_act` the side to act, -1 once the game
 * is over. */
void hunt_observe(const hunt_board *b, herd_planes o, int hunter, hunt_set pursuers,
                  int hunter_side, int side, int to_act);

/* ------------------------------------------------------------- texts */

/* Action texts: `FROM-TO` for a step and, in a game with jumps, for a jump
 * (a text whose two points are two apart in a straight line), and `stop`.
 * The writer refuses (HERD_E_ARG) what the reader would not read back to
 * the same value: a step between points that no line joins, a jump along
 * no line, a jump or `stop` in a game without jumps. */
int hunt_write_move(const hunt_board *b, int jumps, herd_move m, herd_sb *sb);
int hunt_read_move(const hunt_board *b, int jumps, const char *text, herd_move *m, herd_msg msg);

/* A point's name into buf (at least 4 bytes). */
const char *hunt_name(const hunt_board *b, int p, char *buf);
/* Reads one point name into p (-1 on failure); HERD_E_PARSE or
 * HERD_E_POSITION with a message. */
int hunt_scan_point(const hunt_board *b, herd_scan *sc, int *p, herd_msg msg);
/* Reads a comma-separated list of points into a set; a point listed twice is
 * HERD_E_POSITION. count receives the number listed. */
int hunt_scan_points(const hunt_board *b, herd_scan *sc, hunt_set *set, int *count, herd_msg msg);
/* Writes a set as comma-separated names in byte order. */
void hunt_write_points(const hunt_board *b, hunt_set set, herd_sb *sb);

/* The board as text: the column numbers, then a row per letter with the
 * hunter's letter, the pursuers' letter or `.` on each point. */
void hunt_show(const hunt_board *b, int hunter, hunt_set pursuers, char hunter_mark,
               char pursuer_mark, herd_sb *sb);

/* The point of a cell option (`start=c2`): HERD_E_RANGE, naming the key,
 * when the cell is no point of the board. */
int hunt_option_point(const hunt_board *b, const char *key, herd_cell cell, int *p, herd_msg msg);

static inline int hunt_count(hunt_set s)
{
    int n = 0;
    for (; s; s &= s - 1)
        n++;
    return n;
}

static inline int hunt_first(hunt_set s)
{
    int p = 0;
    while (!(s >> p & 1))
        p++;
    return p;
}

#endif /* HERD_HUNT_H */
