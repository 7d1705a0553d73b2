/* The board of Fox and Geese, the cross (fox_board.c): what the rules
 * (fox.c) and the solver (fox_solve.c) share, below both of them. */
#ifndef HERD_FOX_BOARD_H
#define HERD_FOX_BOARD_H

#include "herd/fox.h"
#include "hunt.h"

/* The cross: its points in the order of herd/fox.h's point numbers, its
 * lines and its action numbers. */
extern const hunt_board herdi_fox_cross;

/* The cross, for code that takes a board's pointer. */
static inline const hunt_board *fox_board(void)
{
    return &herdi_fox_cross;
}

#endif /* HERD_FOX_BOARD_H */
