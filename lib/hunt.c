/* The hunt mechanism (hunt.h): boards of points and lines, steps and jump
 * chains, their action encoding and texts, written once for Hare and
 * Hounds and Fox and Geese. */
#include <string.h>

#include "hunt.h"

static const int dir_row[HUNT_DIRS] = {-1, -1, 0, 1, 1, 1, 0, -1};
static const int dir_col[HUNT_DIRS] = {0, 1, 1, 1, 0, -1, -1, -1};

int hunt_point_at(const hunt_board *b, int row, int col)
{
    if (row < 0 || row >= HUNT_GRID || col < 0 || col >= HUNT_GRID)
        return -1;
    return b->index[row][col] - 1;
}

int hunt_next(const hunt_board *b, int p, int d)
{
    if (!(b->links[p] >> d & 1))
        return -1;
    return hunt_point_at(b, b->cell[p].row + dir_row[d], b->cell[p].col + dir_col[d]);
}

int hunt_direction(const hunt_board *b, int p, int q)
{
    for (int d = 0; d < HUNT_DIRS; d++)
        if (hunt_next(b, p, d) == q)
            return d;
    return -1;
}

/* Each line counted once, from its point that comes first: the lines that
 * leave a point to the east, south-east, south or south-west. */
static int line_from(const hunt_board *b, int i, int *p, int *q)
{
    int n = 0;
    for (int a = 0; a < b->points; a++)
        for (int d = HUNT_E; d <= HUNT_SW; d++) {
            int c = hunt_next(b, a, d);
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

int hunt_line_count(const hunt_board *b)
{
    return line_from(b, -1, NULL, NULL);
}

int hunt_line(const hunt_board *b, int i, int *p, int *q)
{
    if (i < 0 || i >= hunt_line_count(b))
        return 0;
    line_from(b, i, p, q);
    return 1;
}

/* ------------------------------------------------------------ actions */

/* herd_move layout: bit 63 marks an action (0 is none); bits 0-5 the first
 * cell (row * 8 + col); bits 6-10 the hops (0 for a step); a step's target
 * cell in bits 11-16, a chain's hop directions in 3 bits each from bit 11. */
#define ACTION_BIT ((herd_move)1 << 63)

static int grid_cell(herd_cell c)
{
    return c.row >= 0 && c.row < HUNT_GRID && c.col >= 0 && c.col < HUNT_GRID;
}

herd_move hunt_step_move(herd_cell from, herd_cell to)
{
    if (!grid_cell(from) || !grid_cell(to))
        return 0;
    return ACTION_BIT | (herd_move)(from.row * 8 + from.col) |
           (herd_move)(to.row * 8 + to.col) << 11;
}

static int jump_direction(herd_cell a, herd_cell b)
{
    for (int d = 0; d < HUNT_DIRS; d++)
        if (b.row == a.row + 2 * dir_row[d] && b.col == a.col + 2 * dir_col[d])
            return d;
    return -1;
}

herd_move hunt_chain_move(herd_cell from, const herd_cell *landing, int hops)
{
    if (!grid_cell(from) || hops < 1 || hops > HUNT_MAX_HOPS)
        return 0;
    herd_move m = ACTION_BIT | (herd_move)(from.row * 8 + from.col) | (herd_move)hops << 6;
    herd_cell at = from;
    for (int i = 0; i < hops; i++) {
        int d = grid_cell(landing[i]) ? jump_direction(at, landing[i]) : -1;
        if (d < 0)
            return 0;
        m |= (herd_move)d << (11 + 3 * i);
        at = landing[i];
    }
    return m;
}

int hunt_decode(herd_move m, hunt_path *path)
{
    if (!(m & ACTION_BIT))
        return 0;
    int hops = (int)(m >> 6 & 31);
    if (hops > HUNT_MAX_HOPS)
        return 0;
    herd_cell at = {(int)(m & 63) / 8, (int)(m & 7)};
    path->hops = hops;
    path->at[0] = at;
    if (hops == 0) {
        if (m >> 17 & (ACTION_BIT - 1) >> 17)
            return 0; /* stray bits: one action, one value */
        path->count = 2;
        path->at[1].row = (int)(m >> 11 & 63) / 8;
        path->at[1].col = (int)(m >> 11 & 7);
        return 1;
    }
    if (m >> (11 + 3 * hops) & (ACTION_BIT - 1) >> (11 + 3 * hops))
        return 0;
    path->count = hops + 1;
    for (int i = 0; i < hops; i++) {
        int d = (int)(m >> (11 + 3 * i) & 7);
        at.row += 2 * dir_row[d];
        at.col += 2 * dir_col[d];
        path->at[i + 1] = at;
    }
    return 1;
}

size_t hunt_steps(const hunt_board *b, int p, hunt_set occupied, unsigned dirs, herd_move *buf)
{
    size_t n = 0;
    for (int d = 0; d < HUNT_DIRS; d++) {
        if (!(dirs >> d & 1))
            continue;
        int q = hunt_next(b, p, d);
        if (q < 0 || (occupied >> q & 1))
            continue;
        if (buf)
            buf[n] = hunt_step_move(b->cell[p], b->cell[q]);
        n++;
    }
    return n;
}

size_t hunt_pursuer_steps(const hunt_board *b, hunt_set pursuers, hunt_set occupied, unsigned dirs,
                          herd_move *buf)
{
    size_t n = 0;
    for (hunt_set s = pursuers; s; s &= s - 1)
        n += hunt_steps(b, hunt_first(s), occupied, dirs, buf ? buf + n : NULL);
    return n;
}

/* The chains as a depth-first walk: the chain so far is an action, and so
 * is each way of going on from its last landing over a pursuer not yet
 * captured to an empty point beyond it. */
typedef struct chain_walk {
    const hunt_board *b;
    herd_move *buf;
    size_t cap, n;
    herd_cell from;
    herd_cell landing[HUNT_MAX_HOPS];
} chain_walk;

static void walk(chain_walk *w, int p, hunt_set pursuers, hunt_set occupied, int hops)
{
    for (int d = 0; d < HUNT_DIRS && w->n < w->cap; d++) {
        int over = hunt_next(w->b, p, d);
        if (over < 0 || !(pursuers >> over & 1))
            continue;
        int to = hunt_next(w->b, over, d);
        if (to < 0 || (occupied >> to & 1))
            continue;
        w->landing[hops] = w->b->cell[to];
        if (w->buf)
            w->buf[w->n] = hunt_chain_move(w->from, w->landing, hops + 1);
        w->n++;
        hunt_set left = pursuers & ~((hunt_set)1 << over);
        walk(w, to, left, occupied & ~((hunt_set)1 << over), hops + 1);
    }
}

size_t hunt_chains(const hunt_board *b, int p, hunt_set pursuers, hunt_set occupied, herd_move *buf,
                   size_t cap)
{
    chain_walk w = {b, buf, cap, 0, b->cell[p], {{0, 0}}};
    walk(&w, p, pursuers, occupied & ~((hunt_set)1 << p), 0);
    return w.n;
}

const char *hunt_cell_name(herd_cell c, char buf[32])
{
    return herd_name_cell(buf, 32, c.row, c.col);
}

int hunt_check_path(const hunt_board *b, const hunt_path *path, int *points, herd_msg msg)
{
    char x[32], y[32];
    for (int i = 0; i < path->count; i++) {
        points[i] = hunt_point_at(b, path->at[i].row, path->at[i].col);
        if (points[i] < 0)
            return herd_fail(msg, HERD_E_ILLEGAL, "%s is not a point of the board",
                             hunt_cell_name(path->at[i], x));
    }
    if (path->hops == 0 && hunt_direction(b, points[0], points[1]) < 0)
        return herd_fail(msg, HERD_E_ILLEGAL, "%s-%s is not a step along a line",
                         hunt_cell_name(path->at[0], x), hunt_cell_name(path->at[1], y));
    for (int i = 0; i < path->hops; i++) {
        int d = jump_direction(path->at[i], path->at[i + 1]);
        int over = hunt_next(b, points[i], d);
        if (over < 0 || hunt_next(b, over, d) != points[i + 1])
            return herd_fail(msg, HERD_E_ILLEGAL, "%s-%s is not a jump along a line",
                             hunt_cell_name(path->at[i], x), hunt_cell_name(path->at[i + 1], y));
    }
    return HERD_OK;
}

/* ------------------------------------------------------------- texts */

const char *hunt_name(const hunt_board *b, int p, char *buf)
{
    buf[0] = (char)('a' + b->cell[p].row);
    buf[1] = (char)('1' + b->cell[p].col);
    buf[2] = '\0';
    return buf;
}

int hunt_write_move(const hunt_board *b, herd_move m, herd_sb *sb)
{
    hunt_path path;
    if (!hunt_decode(m, &path))
        return HERD_E_ARG;
    for (int i = 0; i < path.count; i++)
        if (hunt_point_at(b, path.at[i].row, path.at[i].col) < 0)
            return HERD_E_ARG; /* only what hunt_read_move() reads back */
    for (int i = 0; i < path.count; i++) {
        if (i)
            herd_sb_putc(sb, '-');
        herd_sb_cell(sb, path.at[i].row, path.at[i].col);
    }
    return HERD_OK;
}

int hunt_scan_point(const hunt_board *b, herd_scan *sc, int *p, herd_msg msg)
{
    herd_cell c;
    char name[32];
    herd_scan t = *sc;
    *p = -1;
    if (!herd_scan_cell(&t, &c.row, &c.col))
        return herd_fail(msg, HERD_E_PARSE, "expected a point name such as c2");
    int q = hunt_point_at(b, c.row, c.col);
    if (q < 0)
        return herd_fail(msg, HERD_E_POSITION, "%s is not a point of the board",
                         hunt_cell_name(c, name));
    *sc = t;
    *p = q;
    return HERD_OK;
}

int hunt_read_move(const hunt_board *b, int chains, const char *text, herd_move *m, herd_msg msg)
{
    herd_scan sc = {text};
    herd_cell at[HUNT_MAX_HOPS + 2];
    int count = 0, p;
    const char *usage = chains ? "expected FROM-TO or a jump chain FROM-P1-P2-..., e.g. d4-d6-f6"
                               : "expected a move FROM-TO, e.g. d2-c2";
    do {
        if (count == (chains ? HUNT_MAX_HOPS + 1 : 2))
            return herd_fail(msg, HERD_E_PARSE, "%s", usage);
        int rc = hunt_scan_point(b, &sc, &p, msg);
        if (rc == HERD_E_PARSE)
            return herd_fail(msg, HERD_E_PARSE, "%s", usage);
        if (rc != HERD_OK)
            return HERD_E_PARSE; /* the message names the cell */
        at[count++] = b->cell[p];
    } while (herd_scan_lit(&sc, "-"));
    if (count < 2 || !herd_scan_end(&sc))
        return herd_fail(msg, HERD_E_PARSE, "%s", usage);
    if (count == 2 && (!chains || jump_direction(at[0], at[1]) < 0)) {
        *m = hunt_step_move(at[0], at[1]);
        return HERD_OK;
    }
    for (int i = 1; i < count; i++)
        if (jump_direction(at[i - 1], at[i]) < 0) {
            char x[32], y[32];
            return herd_fail(msg, HERD_E_PARSE, "%s-%s is not a jump (two points in a line)",
                             hunt_cell_name(at[i - 1], x), hunt_cell_name(at[i], y));
        }
    *m = hunt_chain_move(at[0], at + 1, count - 1);
    return HERD_OK;
}

int hunt_scan_points(const hunt_board *b, herd_scan *sc, hunt_set *set, int *count, herd_msg msg)
{
    hunt_set s = 0;
    int n = 0, p;
    char name[4];
    do {
        int rc = hunt_scan_point(b, sc, &p, msg);
        if (rc != HERD_OK)
            return rc;
        if (s >> p & 1)
            return herd_fail(msg, HERD_E_POSITION, "%s is listed twice", hunt_name(b, p, name));
        s |= (hunt_set)1 << p;
        n++;
    } while (herd_scan_lit(sc, ","));
    *set = s;
    *count = n;
    return HERD_OK;
}

void hunt_write_points(const hunt_board *b, hunt_set set, herd_sb *sb)
{
    char name[4];
    for (hunt_set s = set; s; s &= s - 1) {
        if (s != set)
            herd_sb_putc(sb, ',');
        herd_sb_puts(sb, hunt_name(b, hunt_first(s), name));
    }
}

void hunt_show(const hunt_board *b, int hunter, hunt_set pursuers, char hunter_mark,
               char pursuer_mark, herd_sb *sb)
{
    int rows = 0, cols = 0;
    for (int p = 0; p < b->points; p++) {
        if (b->cell[p].row >= rows)
            rows = b->cell[p].row + 1;
        if (b->cell[p].col >= cols)
            cols = b->cell[p].col + 1;
    }
    herd_sb_puts(sb, " ");
    for (int c = 0; c < cols; c++)
        herd_sb_printf(sb, " %d", c + 1);
    for (int r = 0; r < rows; r++) {
        herd_sb_printf(sb, "\n%c", 'a' + r);
        for (int c = 0; c < cols; c++) {
            int p = hunt_point_at(b, r, c);
            char mark = p < 0               ? ' '
                        : p == hunter       ? hunter_mark
                        : pursuers >> p & 1 ? pursuer_mark
                                            : '.';
            herd_sb_putc(sb, ' ');
            herd_sb_putc(sb, mark);
        }
    }
}

int hunt_option_point(const hunt_board *b, const herd_options *o, const char *key, int dflt, int *p,
                      herd_msg msg)
{
    int row, col, given;
    int rc = herd_options_get_cell(o, key, &row, &col, &given, msg);
    if (rc != HERD_OK)
        return rc;
    if (!given) {
        *p = dflt;
        return HERD_OK;
    }
    int q = hunt_point_at(b, row, col);
    if (q < 0) {
        char name[32];
        herd_cell c = {row, col};
        return herd_fail(msg, HERD_E_RANGE, "%s=%s is not a point of the board", key,
                         hunt_cell_name(c, name));
    }
    *p = q;
    return HERD_OK;
}
