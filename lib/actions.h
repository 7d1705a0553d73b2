/* What the games' hooks for learning share (actions.c has the generic
 * part): the planes of an observation, and action spaces laid out as planes
 * over a square board, so that a policy over the actions has the board's
 * shape as the observation has. */
#ifndef HERD_ACTIONS_H
#define HERD_ACTIONS_H

#include <stddef.h>

#include "herd/herd.h"

/* An observation being filled: planes x rows x cols floats, all 0 when the
 * game's observe() hook is called. */
typedef struct herd_planes {
    float *buf;
    size_t rows, cols;
} herd_planes;

static inline void herd_plane_set(herd_planes o, int plane, int row, int col, float v)
{
    o.buf[((size_t)plane * o.rows + (size_t)row) * o.cols + (size_t)col] = v;
}

/* A plane of one value: how a number (a count, a flag) is given to a
 * network that reads planes. */
static inline void herd_plane_fill(herd_planes o, int plane, float v)
{
    float *p = o.buf + (size_t)plane * o.rows * o.cols;
    for (size_t i = 0; i < o.rows * o.cols; i++)
        p[i] = v;
}

/* An action space of planes over a w x h board: the action of plane p from
 * cell c is (p * h + row) * w + col. */
static inline size_t herd_plane_action(int w, int h, int plane, herd_cell c)
{
    return ((size_t)plane * (size_t)h + (size_t)c.row) * (size_t)w + (size_t)c.col;
}

/* The plane and cell of such an action. */
static inline int herd_plane_action_cell(int w, int h, size_t index, herd_cell *c)
{
    size_t cells = (size_t)w * (size_t)h, at = index % cells;
    c->row = (int)(at / (size_t)w);
    c->col = (int)(at % (size_t)w);
    return (int)(index / cells);
}

#endif /* HERD_ACTIONS_H */
