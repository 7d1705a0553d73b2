/* The square-grid boards of Herd of Horses and Flock (grid.c): a board of
 * w x h cells kept in a padded array (a border of `pad` cells on every side
 * and a fixed row stride, so that a step off the board lands on a border
 * cell instead of leaving the array), the FROM-TO action value both games
 * use, and its text. As hunt.h is for the point boards. */
#ifndef HERD_GRID_H
#define HERD_GRID_H

#include "text.h"

/* A padded array's shape. */
typedef struct herd_grid {
    int stride, pad;
} herd_grid;

/* The array index of a cell on the board. */
static inline int herd_grid_index(herd_grid g, int row, int col)
{
    return (row + g.pad) * g.stride + col + g.pad;
}

/* The cell at an array index. */
static inline herd_cell herd_grid_cell(herd_grid g, int index)
{
    herd_cell c = {index / g.stride - g.pad, index % g.stride - g.pad};
    return c;
}

/* The row and column step of an array offset between two cells at most
 * `reach` columns apart (2 * reach < stride): how a direction table kept as
 * offsets is read back as cell steps. */
static inline herd_cell herd_grid_step(herd_grid g, int offset, int reach)
{
    int n = offset + reach, rows = n / g.stride;
    if (n % g.stride < 0)
        rows--; /* floor, not C's truncation */
    herd_cell c = {rows, offset - rows * g.stride};
    return c;
}

/* Whether a cell is on a board of w x h cells. */
static inline int herd_grid_inside(int w, int h, herd_cell c)
{
    return c.row >= 0 && c.row < h && c.col >= 0 && c.col < w;
}

/* The FROM-TO action value: each coordinate in one byte, two's complement,
 * so -128..127 round-trip. Inline: the games decode an action on every
 * play. */
static inline herd_move herd_grid_move(herd_cell from, herd_cell to)
{
    return (herd_move)((uint32_t)(from.row & 0xff) | (uint32_t)(from.col & 0xff) << 8 |
                       (uint32_t)(to.row & 0xff) << 16 | (uint32_t)(to.col & 0xff) << 24);
}

/* herd_grid_move() of cells from a caller (herd_horses_move(),
 * herd_flock_move()): a coordinate outside -128..127 is kept as the end of
 * that range it passed, off every board, so that it never wraps round onto
 * a cell of the board (258 would be 2). */
static inline int herd_grid_held(int v)
{
    return v < -128 ? -128 : v > 127 ? 127 : v;
}

static inline herd_move herd_grid_move_held(herd_cell from, herd_cell to)
{
    herd_cell f = {herd_grid_held(from.row), herd_grid_held(from.col)};
    herd_cell t = {herd_grid_held(to.row), herd_grid_held(to.col)};
    return herd_grid_move(f, t);
}

static inline int herd_grid_coordinate(herd_move m, int shift)
{
    int v = (int)(m >> shift & 0xff);
    return v < 128 ? v : v - 256;
}

/* The cells of herd_grid_move()'s value; either pointer may be NULL. */
static inline void herd_grid_move_cells(herd_move m, herd_cell *from, herd_cell *to)
{
    if (from) {
        from->row = herd_grid_coordinate(m, 0);
        from->col = herd_grid_coordinate(m, 8);
    }
    if (to) {
        to->row = herd_grid_coordinate(m, 16);
        to->col = herd_grid_coordinate(m, 24);
    }
}

/* Writes the action text `FROM-TO`; HERD_E_ARG, writing nothing, for a
 * value with bits beyond the four coordinates or a cell that
 * herdi_scan_cell() could not read back (rows a..z, columns 1..127). */
int herdi_grid_write_move(herd_move m, herd_sb *sb);
/* Reads a whole action text `FROM-TO`; HERD_E_PARSE with a message that
 * shows `example` when the text is not one. */
int herdi_grid_read_move(const char *text, herd_move *m, const char *example, herd_msg msg);

#endif /* HERD_GRID_H */
