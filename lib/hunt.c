/* The hunt mechanism (hunt.h): boards of points and lines, steps and jumps,
 * their action encoding and texts, written once for Hare and Hounds and Fox
 * and Geese. */
#include <string.h>

#include "hunt.h"

int herdi_hunt_point_at(const hunt_board *b, int row, int col)
{
    if (row < 0 || row >= HUNT_GRID || col < 0 || col >= HUNT_GRID)
        return -1;
    return b->index[row][col] - 1;
}

int herdi_hunt_next(const hunt_board *b, int p, int d)
{
    int q = b->next[p][d];
    return q == HUNT_NONE ? -1 : q;
}

/* The direction whose row and column steps are dr and dc (-1..1 each),
 * -1 for none (both 0). */
static int direction_of(int dr, int dc)
{
    static const int8_t dir[3][3] = {
        {HUNT_NW, HUNT_N, HUNT_NE}, {HUNT_W, -1, HUNT_E}, {HUNT_SW, HUNT_S, HUNT_SE}};
    return dir[dr + 1][dc + 1];
}

/* The direction d in which b is `times` cells from a (1 or 2), -1 for
 * none. */
static int cells_away(herd_cell a, herd_cell b, int times)
{
    int dr = b.row - a.row, dc = b.col - a.col;
    if ((dr != 0 && dr != times && dr != -times) || (dc != 0 && dc != times && dc != -times))
        return -1;
    return direction_of(dr / times, dc / times);
}

int herdi_hunt_direction(const hunt_board *b, int p, int q)
{
    int d = cells_away(b->cell[p], b->cell[q], 1);
    return d >= 0 && b->next[p][d] == q ? d : -1;
}

/* Each line counted once, from its point that comes first: the lines that
 * leave a point to the east, south-east, south or south-west. */
static int line_from(const hunt_board *b, int i, int *p, int *q)
{
    int n = 0;
    for (int a = 0; a < b->points; a++)
        for (int d = HUNT_E; d <= HUNT_SW; d++) {
            int c = herdi_hunt_next(b, a, d);
            if (c < 0)
                continue;
            if (n == i) {
                if (p)
                    *p = a;
                if (q)
                    *q = c;
                return 1;
            }
            n++;
        }
    return n;
}

int herdi_hunt_line_count(const hunt_board *b)
{
    return line_from(b, -1, NULL, NULL);
}

int herdi_hunt_line(const hunt_board *b, int i, int *p, int *q)
{
    if (i < 0 || i >= herdi_hunt_line_count(b))
        return 0;
    line_from(b, i, p, q);
    return 1;
}

/* ------------------------------------------------------------ actions */


static int grid_cell(herd_cell c)
{
    return c.row >= 0 && c.row < HUNT_GRID && c.col >= 0 && c.col < HUNT_GRID;
}

static herd_move make_move(hunt_kind kind, herd_cell from, herd_cell to)
{
    return HUNT_ACTION | (herd_move)HUNT_CODE(from.row, from.col) |
           (herd_move)HUNT_CODE(to.row, to.col) << 6 | (herd_move)kind << HUNT_KIND_SHIFT;
}

herd_move herdi_hunt_step_move(herd_cell from, herd_cell to)
{
    if (!grid_cell(from) || !grid_cell(to))
        return 0;
    return make_move(HUNT_STEP, from, to);
}

/* The direction d in which b is two cells from a, -1 for none. */
static int two_away(herd_cell a, herd_cell b)
{
    return cells_away(a, b, 2);
}

herd_move herdi_hunt_jump_move(herd_cell from, herd_cell to)
{
    if (!grid_cell(from) || !grid_cell(to) || two_away(from, to) < 0)
        return 0;
    return make_move(HUNT_JUMP, from, to);
}

herd_move herdi_hunt_stop_move(void)
{
    return HUNT_ACTION | (herd_move)HUNT_STOP << HUNT_KIND_SHIFT;
}

int herdi_hunt_decode(herd_move m, hunt_action *a)
{
    if (!(m & HUNT_ACTION) ||
        m >> (HUNT_KIND_SHIFT + 2) & (HUNT_ACTION - 1) >> (HUNT_KIND_SHIFT + 2))
        return 0; /* stray bits: one action, one value */
    a->kind = (hunt_kind)(m >> HUNT_KIND_SHIFT & 3);
    a->from.row = (int)(m & 63) / 8;
    a->from.col = (int)(m & 7);
    a->to.row = (int)(m >> 6 & 63) / 8;
    a->to.col = (int)(m >> 6 & 7);
    if (a->kind != HUNT_STOP && (!grid_cell(a->from) || !grid_cell(a->to)))
        return 0;
    switch (a->kind) {
    case HUNT_STEP:
        return 1;
    case HUNT_JUMP:
        return two_away(a->from, a->to) >= 0;
    case HUNT_STOP:
        return m == herdi_hunt_stop_move();
    default:
        return 0;
    }
}

int herdi_hunt_jumped(const hunt_board *b, int p, int d)
{
    int over = herdi_hunt_next(b, p, d);
    return over >= 0 && herdi_hunt_next(b, over, d) >= 0 ? over : -1;
}

int herdi_hunt_between(const hunt_board *b, int p, int q)
{
    int d = two_away(b->cell[p], b->cell[q]);
    int over = d < 0 ? -1 : herdi_hunt_jumped(b, p, d);
    return over >= 0 && herdi_hunt_next(b, over, d) == q ? over : -1;
}

int herdi_hunt_check_path(const hunt_board *b, const hunt_action *a, int points[2], herd_msg msg)
{
    char x[HERD_CELL_NAME_SIZE], y[HERD_CELL_NAME_SIZE];
    points[0] = herdi_hunt_point_at(b, a->from.row, a->from.col);
    points[1] = herdi_hunt_point_at(b, a->to.row, a->to.col);
    if (points[0] < 0 || points[1] < 0)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is not a point of the board",
                          herdi_cell_name(x, points[0] < 0 ? a->from : a->to));
    if (a->kind == HUNT_STEP && herdi_hunt_direction(b, points[0], points[1]) < 0)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s-%s is not a step along a line",
                          herdi_cell_name(x, a->from), herdi_cell_name(y, a->to));
    if (a->kind == HUNT_JUMP && herdi_hunt_between(b, points[0], points[1]) < 0)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s-%s is not a jump along a line",
                          herdi_cell_name(x, a->from), herdi_cell_name(y, a->to));
    return HERD_OK;
}

/* Decodes an action of this board and, unless it is `stop`, finds its two
 * points: HERD_E_ARG for what herdi_hunt_read_move() would not read back (a jump
 * where the game has none, a path off the lines). */
static int hunt_checked(const hunt_board *b, int jumps, herd_move m, hunt_action *a, int pt[2])
{
    herd_msg none = {NULL, 0};
    if (!herdi_hunt_decode(m, a) || (a->kind != HUNT_STEP && !jumps))
        return HERD_E_ARG;
    if (a->kind != HUNT_STOP && herdi_hunt_check_path(b, a, pt, none) != HERD_OK)
        return HERD_E_ARG;
    return HERD_OK;
}

/* ------------------------------------------------------------- texts */

const char *herdi_hunt_name(const hunt_board *b, int p, char *buf)
{
    buf[0] = (char)('a' + b->cell[p].row);
    buf[1] = (char)('1' + b->cell[p].col);
    buf[2] = '\0';
    return buf;
}

int herdi_hunt_write_move(const hunt_board *b, int jumps, herd_move m, herd_sb *sb)
{
    hunt_action a;
    int pt[2];
    if (hunt_checked(b, jumps, m, &a, pt) != HERD_OK)
        return HERD_E_ARG;
    if (a.kind == HUNT_STOP) {
        herdi_sb_puts(sb, "stop");
        return HERD_OK;
    }
    herdi_sb_cell(sb, a.from.row, a.from.col);
    herdi_sb_putc(sb, '-');
    herdi_sb_cell(sb, a.to.row, a.to.col);
    return HERD_OK;
}

int herdi_hunt_scan_point(const hunt_board *b, herd_scan *sc, int *p, herd_msg msg)
{
    herd_cell c;
    char name[HERD_CELL_NAME_SIZE];
    herd_scan t = *sc;
    *p = -1;
    if (!herdi_scan_cell(&t, &c.row, &c.col))
        return herdi_fail(msg, HERD_E_PARSE, "expected a point name such as c2");
    int q = herdi_hunt_point_at(b, c.row, c.col);
    if (q < 0)
        return herdi_fail(msg, HERD_E_POSITION, "%s is not a point of the board",
                          herdi_cell_name(name, c));
    *sc = t;
    *p = q;
    return HERD_OK;
}

int herdi_hunt_read_move(const hunt_board *b, int jumps, const char *text, herd_move *m,
                         herd_msg msg)
{
    herd_scan sc = {text};
    int p[2];
    const char *usage = jumps ? "expected a step or a jump FROM-TO, e.g. d4-d6, or stop"
                              : "expected a move FROM-TO, e.g. d2-c2";
    if (jumps && herdi_scan_lit(&sc, "stop") && herdi_scan_end(&sc)) {
        *m = herdi_hunt_stop_move();
        return HERD_OK;
    }
    sc.p = text;
    for (int i = 0; i < 2; i++) {
        if (i && !herdi_scan_lit(&sc, "-"))
            return herdi_fail(msg, HERD_E_PARSE, "%s", usage);
        int rc = herdi_hunt_scan_point(b, &sc, &p[i], msg);
        if (rc == HERD_E_PARSE)
            return herdi_fail(msg, HERD_E_PARSE, "%s", usage);
        if (rc != HERD_OK)
            return HERD_E_PARSE; /* the message names the cell */
    }
    if (jumps && herdi_scan_lit(&sc, "-"))
        return herdi_fail(msg, HERD_E_PARSE,
                          "one hop at a time: a chain is played as jumps FROM-TO, then stop");
    if (!herdi_scan_end(&sc))
        return herdi_fail(msg, HERD_E_PARSE, "%s", usage);
    herd_cell from = b->cell[p[0]], to = b->cell[p[1]];
    *m = jumps && two_away(from, to) >= 0 ? herdi_hunt_jump_move(from, to)
                                          : herdi_hunt_step_move(from, to);
    return HERD_OK;
}

int herdi_hunt_scan_points(const hunt_board *b, herd_scan *sc, hunt_set *set, int *count,
                           herd_msg msg)
{
    hunt_set s = 0;
    int n = 0, p;
    char name[4];
    do {
        int rc = herdi_hunt_scan_point(b, sc, &p, msg);
        if (rc != HERD_OK)
            return rc;
        if (s >> p & 1)
            return herdi_fail(msg, HERD_E_POSITION, "%s is listed twice",
                              herdi_hunt_name(b, p, name));
        s |= (hunt_set)1 << p;
        n++;
    } while (herdi_scan_lit(sc, ","));
    *set = s;
    *count = n;
    return HERD_OK;
}

void herdi_hunt_write_points(const hunt_board *b, hunt_set set, herd_sb *sb)
{
    char name[4];
    for (hunt_set s = set; s; s &= s - 1) {
        if (s != set)
            herdi_sb_putc(sb, ',');
        herdi_sb_puts(sb, herdi_hunt_name(b, hunt_first(s), name));
    }
}

/* The rows and columns of the points' bounding box. */
static void bounds(const hunt_board *b, int *rows, int *cols)
{
    *rows = *cols = 0;
    for (int p = 0; p < b->points; p++) {
        if (b->cell[p].row >= *rows)
            *rows = b->cell[p].row + 1;
        if (b->cell[p].col >= *cols)
            *cols = b->cell[p].col + 1;
    }
}

void herdi_hunt_show(const hunt_board *b, int hunter, hunt_set pursuers, char hunter_mark,
                     char pursuer_mark, herd_sb *sb)
{
    int rows, cols;
    bounds(b, &rows, &cols);
    herdi_sb_puts(sb, " ");
    for (int c = 0; c < cols; c++)
        herdi_sb_printf(sb, " %d", c + 1);
    for (int r = 0; r < rows; r++) {
        herdi_sb_printf(sb, "\n%c", 'a' + r);
        for (int c = 0; c < cols; c++) {
            int p = herdi_hunt_point_at(b, r, c);
            char mark = p < 0               ? ' '
                        : p == hunter       ? hunter_mark
                        : pursuers >> p & 1 ? pursuer_mark
                                            : '.';
            herdi_sb_putc(sb, ' ');
            herdi_sb_putc(sb, mark);
        }
    }
}

int herdi_hunt_option_point(const hunt_board *b, const char *key, herd_cell cell, int *p,
                            herd_msg msg)
{
    int q = herdi_hunt_point_at(b, cell.row, cell.col);
    if (q < 0) {
        char name[HERD_CELL_NAME_SIZE];
        return herdi_fail(msg, HERD_E_RANGE, "%s=%s is not a point of the board", key,
                          herdi_cell_name(name, cell));
    }
    *p = q;
    return HERD_OK;
}

/* ------------------------------------------------------ for learning */

/* The directions of the actions of one kind from p: its lines, or where two
 * lines in a row leave it (the board's jump table). */
static unsigned kind_dirs(const hunt_board *b, hunt_kind kind, int p)
{
    return kind == HUNT_STEP ? b->links[p] : b->jumps[p];
}

size_t herdi_hunt_action_count(const hunt_board *b, int jumps)
{
    return (size_t)b->actions + (jumps ? 1 : 0);
}

int herdi_hunt_action_index(const hunt_board *b, int jumps, herd_move m, size_t *index)
{
    hunt_action a;
    int pt[2];
    if (hunt_checked(b, jumps, m, &a, pt) != HERD_OK)
        return HERD_E_ARG;
    if (a.kind == HUNT_STOP) {
        *index = b->actions;
        return HERD_OK;
    }
    int d = a.kind == HUNT_STEP
                ? herdi_hunt_direction(b, pt[0], pt[1])
                : herdi_hunt_direction(b, pt[0], herdi_hunt_between(b, pt[0], pt[1]));
    *index = b->number[a.kind][pt[0]][d];
    return HERD_OK;
}

herd_move herdi_hunt_action_move(const hunt_board *b, int jumps, size_t index)
{
    if (jumps && index == b->actions)
        return herdi_hunt_stop_move();
    /* The point whose actions of one kind hold the number, then its
     * direction. */
    for (hunt_kind kind = HUNT_STEP; kind <= HUNT_JUMP; kind++)
        for (int p = 0; p < b->points; p++) {
            unsigned dirs = kind_dirs(b, kind, p);
            if (!dirs || index < b->number[kind][p][hunt_first(dirs)] ||
                index >= b->number[kind][p][hunt_last(dirs)] + 1u)
                continue;
            int d = 0;
            while (!(dirs >> d & 1) || b->number[kind][p][d] != index)
                d++;
            int q = herdi_hunt_next(b, p, d);
            if (kind == HUNT_STEP)
                return herdi_hunt_step_move(b->cell[p], b->cell[q]);
            return herdi_hunt_jump_move(b->cell[p], b->cell[herdi_hunt_next(b, q, d)]);
        }
    return 0; /* index is no action of the space */
}

void herdi_hunt_observation_shape(const hunt_board *b, size_t planes, size_t shape[3])
{
    int rows, cols;
    bounds(b, &rows, &cols);
    shape[0] = planes;
    shape[1] = (size_t)rows;
    shape[2] = (size_t)cols;
}

herd_planes herdi_hunt_planes(const hunt_board *b, float *buf)
{
    int rows, cols;
    bounds(b, &rows, &cols);
    herd_planes o = {buf, (size_t)rows, (size_t)cols};
    return o;
}

void herdi_hunt_observe(const hunt_board *b, herd_planes o, int hunter, hunt_set pursuers,
                        int hunter_side, int side, int to_act)
{
    int hunter_plane = side == hunter_side ? HUNT_OBS_MINE : HUNT_OBS_THEIRS;
    for (int p = 0; p < b->points; p++) {
        herd_cell c = b->cell[p];
        herd_plane_set(o, HUNT_OBS_POINTS, c.row, c.col, 1.0f);
        if (p == hunter)
            herd_plane_set(o, hunter_plane, c.row, c.col, 1.0f);
        else if (pursuers >> p & 1)
            herd_plane_set(o, HUNT_OBS_MINE + HUNT_OBS_THEIRS - hunter_plane, c.row, c.col, 1.0f);
    }
    if (to_act == side)
        herd_plane_fill(o, HUNT_OBS_TO_ACT, 1.0f);
}
