/* The square-grid games' action text (grid.h), written once for Herd of
 * Horses and Flock. */
#include "grid.h"

/* A cell that herdi_scan_cell() reads back: rows a..z, columns 1..127. */
static int nameable(herd_cell c)
{
    return c.row >= 0 && c.row <= 25 && c.col >= 0 && c.col <= 126;
}

int herdi_grid_write_move(herd_move m, herd_sb *sb)
{
    herd_cell from, to;
    herd_grid_move_cells(m, &from, &to);
    if (m >> 32 || !nameable(from) || !nameable(to))
        return HERD_E_ARG;
    herdi_sb_cell(sb, from.row, from.col);
    herdi_sb_putc(sb, '-');
    herdi_sb_cell(sb, to.row, to.col);
    return HERD_OK;
}

int herdi_grid_read_move(const char *text, herd_move *m, const char *example, herd_msg msg)
{
    herd_scan sc = {text};
    herd_cell from, to;
    if (!herdi_scan_cell(&sc, &from.row, &from.col) || !herdi_scan_lit(&sc, "-") ||
        !herdi_scan_cell(&sc, &to.row, &to.col) || !herdi_scan_end(&sc))
        return herdi_fail(msg, HERD_E_PARSE, "expected a move FROM-TO, e.g. %s", example);
    *m = herd_grid_move(from, to);
    return HERD_OK;
}
