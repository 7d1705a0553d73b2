/* The board of Fox and Geese (docs/fox.md): the cross of 33 points and its
 * lines, diagonals included, with the action numbers of its steps and
 * jumps. The one definition, which the rules (fox.c) and the solver
 * (fox_solve.c) both read, so that neither needs the other for it. */
#include "fox_board.h"

/* A point of the cross: row c..e or column 3..5 of the 7x7 grid. */
#define ON(r, c)                                   \
    ((r) >= 0 && (r) < 7 && (c) >= 0 && (c) < 7 && \
     (((r) >= 2 && (r) <= 4) || ((c) >= 2 && (c) <= 4)))
/* Every two neighbouring points are joined, diagonals included. */
#define LINKS(r, c)                                                                               \
    (uint8_t)(ON((r)-1, c) << HUNT_N | ON((r)-1, (c) + 1) << HUNT_NE | ON(r, (c) + 1) << HUNT_E | \
              ON((r) + 1, (c) + 1) << HUNT_SE | ON((r) + 1, c) << HUNT_S |                        \
              ON((r) + 1, (c)-1) << HUNT_SW | ON(r, (c)-1) << HUNT_W |                            \
              ON((r)-1, (c)-1) << HUNT_NW)
/* Two lines in a row from (r, c) in the direction (dr, dc): both points on. */
#define JUMP(r, c, dr, dc) (ON((r) + (dr), (c) + (dc)) && ON((r) + 2 * (dr), (c) + 2 * (dc)))
#define JUMPS(r, c)                                                                   \
    (uint8_t)(JUMP(r, c, -1, 0) << HUNT_N | JUMP(r, c, -1, 1) << HUNT_NE |             \
              JUMP(r, c, 0, 1) << HUNT_E | JUMP(r, c, 1, 1) << HUNT_SE |               \
              JUMP(r, c, 1, 0) << HUNT_S | JUMP(r, c, 1, -1) << HUNT_SW |              \
              JUMP(r, c, 0, -1) << HUNT_W | JUMP(r, c, -1, -1) << HUNT_NW)
#define ARM(r)      \
    {r, 2}, {r, 3}, \
    {               \
        r, 4        \
    }
#define BAR(r)                                      \
    {r, 0}, {r, 1}, {r, 2}, {r, 3}, {r, 4}, {r, 5}, \
    {                                               \
        r, 6                                        \
    }
/* The point at a cell of the cross, as a constant expression. */
#define AT(r, c) \
    ((r) < 2 ? (r)*3 + (c)-2 : (r) < 5 ? 6 + ((r)-2) * 7 + (c) : 27 + ((r)-5) * 3 + (c)-2)
#define NEXT(r, c) HUNT_NEXT(AT, r, c, LINKS(r, c))
#define NEAR(r, c) HUNT_NEAR(AT, r, c, LINKS(r, c))
#define ARM_NEAR(r) NEAR(r, 2), NEAR(r, 3), NEAR(r, 4)
#define BAR_NEAR(r) \
    NEAR(r, 0), NEAR(r, 1), NEAR(r, 2), NEAR(r, 3), NEAR(r, 4), NEAR(r, 5), NEAR(r, 6)
#define ARM_CODE(r) HUNT_CODE(r, 2), HUNT_CODE(r, 3), HUNT_CODE(r, 4)
#define BAR_CODE(r)                                                                       \
    HUNT_CODE(r, 0), HUNT_CODE(r, 1), HUNT_CODE(r, 2), HUNT_CODE(r, 3), HUNT_CODE(r, 4), \
        HUNT_CODE(r, 5), HUNT_CODE(r, 6)
#define ARM_NEXT(r) NEXT(r, 2), NEXT(r, 3), NEXT(r, 4)
#define BAR_NEXT(r) \
    NEXT(r, 0), NEXT(r, 1), NEXT(r, 2), NEXT(r, 3), NEXT(r, 4), NEXT(r, 5), NEXT(r, 6)
#define ARM_LINKS(r) LINKS(r, 2), LINKS(r, 3), LINKS(r, 4)
#define BAR_LINKS(r) \
    LINKS(r, 0), LINKS(r, 1), LINKS(r, 2), LINKS(r, 3), LINKS(r, 4), LINKS(r, 5), LINKS(r, 6)
#define ARM_JUMPS(r) JUMPS(r, 2), JUMPS(r, 3), JUMPS(r, 4)
#define BAR_JUMPS(r) \
    JUMPS(r, 0), JUMPS(r, 1), JUMPS(r, 2), JUMPS(r, 3), JUMPS(r, 4), JUMPS(r, 5), JUMPS(r, 6)

/* F(r, c) for each point of the cross, in the board's order. */
#define ARM_EACH(F, r) F(r, 2) F(r, 3) F(r, 4)
#define BAR_EACH(F, r) F(r, 0) F(r, 1) F(r, 2) F(r, 3) F(r, 4) F(r, 5) F(r, 6)
#define CROSS_EACH(F)                                                                      \
    ARM_EACH(F, 0) ARM_EACH(F, 1) BAR_EACH(F, 2) BAR_EACH(F, 3) BAR_EACH(F, 4) ARM_EACH(F, 5) \
        ARM_EACH(F, 6)
#define FIRST_STEP(r, c) HUNT_FIRST(STEPS_BEFORE, r, c, LINKS(r, c))
#define FIRST_JUMP(r, c) HUNT_FIRST(JUMPS_BEFORE, r, c, JUMPS(r, c))
#define STEP_NUMBERS(r, c) HUNT_NUMBERS(STEPS_BEFORE_##r##_##c, LINKS(r, c)),
#define JUMP_NUMBERS(r, c) HUNT_NUMBERS(JUMPS_BEFORE_##r##_##c, JUMPS(r, c)),

/* The action space: the steps, then the jumps (HUNT_FIRST). */
enum { CROSS_EACH(FIRST_STEP) CROSS_EACH(FIRST_JUMP) ACTIONS };

const hunt_board herdi_fox_cross = {
    .points = HERD_FOX_POINTS,
    .cell = {ARM(0), ARM(1), BAR(2), BAR(3), BAR(4), ARM(5), ARM(6)},
    .index = {{0, 0, 1, 2, 3, 0, 0},
              {0, 0, 4, 5, 6, 0, 0},
              {7, 8, 9, 10, 11, 12, 13},
              {14, 15, 16, 17, 18, 19, 20},
              {21, 22, 23, 24, 25, 26, 27},
              {0, 0, 28, 29, 30, 0, 0},
              {0, 0, 31, 32, 33, 0, 0}},
    .links = {ARM_LINKS(0), ARM_LINKS(1), BAR_LINKS(2), BAR_LINKS(3), BAR_LINKS(4), ARM_LINKS(5),
              ARM_LINKS(6)},
    .jumps = {ARM_JUMPS(0), ARM_JUMPS(1), BAR_JUMPS(2), BAR_JUMPS(3), BAR_JUMPS(4), ARM_JUMPS(5),
              ARM_JUMPS(6)},
    .next = {ARM_NEXT(0), ARM_NEXT(1), BAR_NEXT(2), BAR_NEXT(3), BAR_NEXT(4), ARM_NEXT(5),
             ARM_NEXT(6)},
    .near = {ARM_NEAR(0), ARM_NEAR(1), BAR_NEAR(2), BAR_NEAR(3), BAR_NEAR(4), ARM_NEAR(5),
             ARM_NEAR(6)},
    .code = {ARM_CODE(0), ARM_CODE(1), BAR_CODE(2), BAR_CODE(3), BAR_CODE(4), ARM_CODE(5),
             ARM_CODE(6)},
    .number = {{CROSS_EACH(STEP_NUMBERS)}, {CROSS_EACH(JUMP_NUMBERS)}},
    .actions = ACTIONS,
};
