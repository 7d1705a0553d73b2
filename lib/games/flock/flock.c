/* Flock (docs/flock.md, game `flock`): stones that slide as far as their
 * flock is large, sandwich captures by the moved stone, the straight-back
 * ban and the 100-move limit. Everything about this game lives here;
 * docs/flock.md explains the choices. */
#include <string.h>

#include "actions.h"
#include "bits.h"
#include "herd/flock.h"
#include "grid.h"
#include "internal.h"

#define MAX_SIZE HERD_FLOCK_MAX_SIZE
#define MAX_RANGE HERD_FLOCK_MAX_RANGE
#define TO_WIN HERD_FLOCK_CAPTURES_TO_WIN
#define MOVE_LIMIT HERD_FLOCK_MOVE_LIMIT
#define MOST_CAPTURES 3 /* in one move: the moved stone has three other sides */

/* The board is stored with a border one cell wide (OFF) and a fixed row
 * stride: a slide stops at the border as at any stone, and a capture looks
 * at most one cell past an enemy stone that is on the board, so it never
 * leaves the array. Cell indices fit in a byte; index 0 is a border cell and
 * so means "no cell". */
#define STRIDE (MAX_SIZE + 2)
#define GRID ((herd_grid){STRIDE, 1})
#define CELLS ((MAX_SIZE + 2) * STRIDE)
#define NO_CELL 0

/* The sets of cells (each side's stones, the board's cells) are packed
 * tighter than the array: bit r * (w + 1) + c for row r and column c, one
 * spare bit after each row. A slide never crosses that bit, as the cells it
 * passes must be empty, so a set shifted by 1 or by w + 1 bits is the
 * cells beside or above or below; a 7x7 board fits in one word. */
#define WORDS ((MAX_SIZE * (MAX_SIZE + 1) + 63) / 64)

enum { EMPTY = 0, BLACK_STONE = 1, WHITE_STONE = 2, OFF = 3 };

/* Up, down, left, right: the order of generation. */
static const int dirs[4] = {-STRIDE, STRIDE, -1, 1};

typedef struct flock_state {
    herd_head head;
    uint8_t w, h;         /* board size */
    uint8_t moves;        /* moves played in the game (the text's ply), 0..100 */
    uint8_t captured[2];  /* enemy stones each side has captured */
    uint8_t stones[2];    /* stones of each side on the board */
    uint8_t last_from[2]; /* each side's previous move, NO_CELL for none */
    uint8_t last_to[2];
    uint8_t at[CELLS];
    uint64_t of_side[2][WORDS]; /* each side's stones, packed (WORDS) */
    uint64_t on_board[WORDS];   /* the cells of the board, packed */
} flock_state;

_Static_assert(CELLS <= 256, "cell indices must fit in a byte");
_Static_assert(HERD_FLOCK_MAX_MOVES <= HERD_MAX_MOVES, "move bound too large");
_Static_assert(sizeof(flock_state) <= HERD_MAX_STATE_SIZE, "state too large");

/* The sides' names, here and in the registry (.side_names). */
#define SIDE_NAMES {"black", "white"}
static const char *const side_name[2] = SIDE_NAMES;

/* ------------------------------------------------------------ geometry */

static uint8_t stone_of(int side)
{
    return (uint8_t)(side + 1);
}

/* The bits of a packed set's row (WORDS): w + 1. */
static int pitch(const flock_state *s)
{
    return s->w + 1;
}

/* dirs[k] as a step in a packed set's bits: a row is w + 1 bits there. */
static int packed_dir(const flock_state *s, int k)
{
    return dirs[k] / STRIDE * pitch(s) + dirs[k] % STRIDE;
}

/* The packed bit of a cell of the board (WORDS). */
static int bit_of(const flock_state *s, int cell)
{
    int row = cell / STRIDE; /* the array's row: the board's row + 1 */
    return cell - row * (STRIDE - pitch(s)) - pitch(s) - 1;
}

/* A packed set (WORDS) of cells of the board: whether it holds `cell`, and
 * adding it. */
static int set_has(const flock_state *s, const uint64_t *set, int cell)
{
    int b = bit_of(s, cell);
    return (int)(set[b >> 6] >> (b & 63) & 1);
}

static void set_add(const flock_state *s, uint64_t *set, int cell)
{
    int b = bit_of(s, cell);
    set[b >> 6] |= UINT64_C(1) << (b & 63);
}

/* 2^16 / pitch, rounded up: bit * this >> 16 is bit / pitch for every bit
 * of a set (at most 12 * 13: the error is below 1/13). */
#define PITCH_INVERSE(w) ((1u << 16) / ((w) + 1) + 1)
static const uint32_t pitch_inverse[MAX_SIZE + 1] = {
    PITCH_INVERSE(0),  PITCH_INVERSE(1),  PITCH_INVERSE(2), PITCH_INVERSE(3), PITCH_INVERSE(4),
    PITCH_INVERSE(5),  PITCH_INVERSE(6),  PITCH_INVERSE(7), PITCH_INVERSE(8), PITCH_INVERSE(9),
    PITCH_INVERSE(10), PITCH_INVERSE(11), PITCH_INVERSE(12)};

/* The cell of a packed bit: bit_of()'s inverse. */
static int cell_of(const flock_state *s, int bit)
{
    int row = (int)((unsigned)bit * pitch_inverse[s->w] >> 16);
    return bit + (row + 1) * (STRIDE - pitch(s)) + pitch(s) + 1;
}

/* The words of the packed sets that the board uses: its last cell has bit
 * h * (w + 1) - 2. */
static int set_words(const flock_state *s)
{
    return (s->h * pitch(s) - 2) / 64 + 1;
}

/* Puts v (EMPTY or a stone) on a cell of the board, keeping the stone sets. */
static void set_at(flock_state *s, int cell, uint8_t v)
{
    int b = bit_of(s, cell);
    uint64_t bit = UINT64_C(1) << (b & 63);
    if (s->at[cell] != EMPTY)
        s->of_side[s->at[cell] - 1][b >> 6] &= ~bit;
    if (v != EMPTY)
        s->of_side[v - 1][b >> 6] |= bit;
    s->at[cell] = v;
}

/* An empty board of the state's size, every other cell OFF. */
static void clear_board(flock_state *s)
{
    memset(s->of_side, 0, sizeof s->of_side);
    memset(s->on_board, 0, sizeof s->on_board);
    memset(s->at, OFF, sizeof s->at);
    for (int r = 0; r < s->h; r++) {
        memset(&s->at[herd_grid_index(GRID, r, 0)], EMPTY, s->w);
        for (int c = 0; c < s->w; c++)
            set_add(s, s->on_board, herd_grid_index(GRID, r, c));
    }
    s->stones[0] = s->stones[1] = 0;
}

/* Stones each side starts with: a full home row but the middle column on
 * odd widths. */
static int start_stones(int w)
{
    return w - w % 2;
}

/* The range of the stone on cell: its flock's size, at most 3. The flock
 * has three stones or more exactly when the stone has two neighbours of
 * its colour, or its one neighbour has another. */
static int range_at(const flock_state *s, int cell)
{
    uint8_t v = s->at[cell];
    int found = 1, neighbour = NO_CELL;
    for (int k = 0; k < 4; k++)
        if (s->at[cell + dirs[k]] == v) {
            if (++found == MAX_RANGE)
                return MAX_RANGE;
            neighbour = cell + dirs[k];
        }
    if (found == 2)
        for (int k = 0; k < 4; k++) {
            int next = neighbour + dirs[k];
            if (next != cell && s->at[next] == v)
                return MAX_RANGE;
        }
    return found;
}

/* The whole flock of the stone on cell (flood fill); returns its size and
 * marks its cells in `in`. */
static int flock_cells(const flock_state *s, int cell, uint8_t *in)
{
    uint8_t stack[CELLS];
    uint8_t v = s->at[cell];
    int top = 0, size = 1;
    memset(in, 0, CELLS);
    in[cell] = 1;
    stack[top++] = (uint8_t)cell;
    while (top) {
        int c = stack[--top];
        for (int k = 0; k < 4; k++) {
            int n = c + dirs[k];
            if (s->at[n] == v && !in[n]) {
                in[n] = 1;
                size++;
                stack[top++] = (uint8_t)n;
            }
        }
    }
    return size;
}

/* ------------------------------------------------------------- moves */

herd_move herd_flock_move(herd_cell from, herd_cell to)
{
    return herd_grid_move_held(from, to);
}

int herd_flock_move_cells(herd_move m, herd_cell *from, herd_cell *to)
{
    if (m >> 32)
        return HERD_E_ARG; /* no value herd_flock_move() makes */
    herd_grid_move_cells(m, from, to);
    return HERD_OK;
}

static herd_move make_move(int from, int to)
{
    return herd_grid_move(herd_grid_cell(GRID, from), herd_grid_cell(GRID, to));
}

/* Whether the side's previous move forbids sliding from `from` to `to`:
 * the stone it moved then may not go straight back to the cell it left. */
static int straight_back(const flock_state *s, int side, int from, int to)
{
    return from == s->last_to[side] && to == s->last_from[side];
}

/* Each stone of the side, in cell order (row by row, left to right): the
 * loop variable `cell`. */
#define FOR_EACH_STONE(s, side, cell)                                                       \
    for (int w_ = 0; w_ < set_words(s); w_++)                                               \
        for (uint64_t bits_ = (s)->of_side[side][w_]; bits_; bits_ &= bits_ - 1)            \
            for (int cell = cell_of(s, w_ * 64 + herd_lowest_bit(bits_)), once_ = 1; once_; \
                 once_ = 0)

/* What a step in each direction of dirs[] adds to a move's value: the
 * target's row or column, each a byte, goes down or up by one (an on-board
 * target never borrows from the next byte). */
static const herd_move step_value[4] = {(herd_move)0 - (1u << 16), 1u << 16,
                                        (herd_move)0 - (1u << 24), 1u << 24};

/* Whether the straight-back ban takes a move from the stone on `from`
 * (of range `range`): the cell it may not go back to is within its range
 * over empty cells. */
static int ban_binds(const flock_state *s, int side, int from, int range)
{
    int back = s->last_from[side], diff = back - from;
    int step = diff > -STRIDE && diff < STRIDE ? (diff < 0 ? -1 : 1) : (diff < 0 ? -STRIDE : STRIDE);
    int d = diff / step;
    if (from != s->last_to[side] || d > range)
        return 0;
    for (int c = from + step; c != back; c += step)
        if (s->at[c] != EMPTY)
            return 0;
    return s->at[back] == EMPTY;
}

/* Whether the stone of `side` on `from` is walled in by its four neighbours,
 * so that it has no move. */
static int walled_in(const flock_state *s, int from)
{
    const uint8_t *at = &s->at[from];
    return at[-STRIDE] != EMPTY && at[STRIDE] != EMPTY && at[-1] != EMPTY && at[1] != EMPTY;
}

/* Packed sets of cells (WORDS) over their first n words: the functions
 * below are inline, so that each caller's copy has a constant n and keeps
 * its sets in registers. `step` is a set's step to the next row, w + 1. */

/* The empty cells of the board. */
HERD_SET_INLINE void empty_cells(const flock_state *s, int n, uint64_t *empty)
{
    for (int i = 0; i < n; i++)
        empty[i] = s->on_board[i] & ~(s->of_side[0][i] | s->of_side[1][i]);
}

/* range_at() of all the stones in `own` at once: `two` gets those of range
 * 2 or more (a neighbour of their colour), `three` those of range 3 (two
 * neighbours, or one that has two). */
HERD_SET_INLINE void range_sets(const uint64_t *own, int n, int step, uint64_t *two,
                                uint64_t *three)
{
    uint64_t right[WORDS], left[WORDS], below[WORDS], above[WORDS], crowd[WORDS], near[WORDS];
    herd_set_down(right, own, n, 1); /* bit c: the cell c + 1 */
    herd_set_down(below, own, n, step);
    for (int i = 0; i < n; i++) {
        right[i] &= own[i];
        below[i] &= own[i];
    }
    herd_set_up(left, right, n, 1);
    herd_set_up(above, below, n, step);
    for (int i = 0; i < n; i++) {
        uint64_t across = right[i] | left[i], along = below[i] | above[i];
        two[i] = across | along;
        crowd[i] = (right[i] & left[i]) | (below[i] & above[i]) | (across & along);
        three[i] = crowd[i];
    }
    herd_set_up(near, crowd, n, 1);
    herd_set_down(right, crowd, n, 1);
    herd_set_up(above, crowd, n, step);
    herd_set_down(below, crowd, n, step);
    for (int i = 0; i < n; i++)
        three[i] |= own[i] & (near[i] | right[i] | above[i] | below[i]);
}

/* The side's moves along one axis (step 1: left and right, w + 1: up and
 * down), over n words, as the sets `low` and `high` whose bits counted, the
 * high ones twice, are their number. A move away along the axis, to
 * c + d * step, is marked on the stone's cell c; a move back, to
 * c - d * step, on the first cell it passes, c - step, which is empty: so
 * the two never mark one cell. A cell's moves of each distance 1, 2, 3
 * are nested (a stone of range 3 with room for three cells has room for
 * one or two), so that they are a number of two bits. */
HERD_SET_INLINE void axis_moves(const uint64_t *own, const uint64_t *two, const uint64_t *three,
                                const uint64_t *empty, int n, int step, uint64_t *low,
                                uint64_t *high)
{
    uint64_t empty1[WORDS], empty2[WORDS], empty3[WORDS], back1[WORDS], back2[WORDS], own1[WORDS],
        two1[WORDS], three1[WORDS];
    herd_set_down(empty1, empty, n, step); /* bit c: the cell c + step */
    herd_set_down(empty2, empty, n, 2 * step);
    herd_set_down(empty3, empty, n, 3 * step);
    herd_set_up(back1, empty, n, step); /* bit c: the cell c - step */
    herd_set_up(back2, empty, n, 2 * step);
    herd_set_down(own1, own, n, step);
    herd_set_down(two1, two, n, step);
    herd_set_down(three1, three, n, step);
    for (int i = 0; i < n; i++) {
        uint64_t room2 = empty1[i] & empty2[i], room3 = room2 & empty3[i];
        uint64_t passed2 = empty[i] & back1[i], passed3 = passed2 & back2[i];
        uint64_t go1 = (own[i] & empty1[i]) | (empty[i] & own1[i]);
        uint64_t go2 = (two[i] & room2) | (passed2 & two1[i]);
        uint64_t go3 = (three[i] & room3) | (passed3 & three1[i]);
        low[i] = go1 ^ go2 ^ go3; /* 1 or 3 */
        high[i] = go2;            /* 2 or 3 */
    }
}

/* The number of the side's moves, over n words: each axis's sets of
 * axis_moves() counted byte by byte; less the move the straight-back ban
 * takes. */
HERD_SET_INLINE size_t count_moves_over(const flock_state *s, int side, int n)
{
    const uint64_t *own = s->of_side[side];
    uint64_t empty[WORDS], two[WORDS], three[WORDS], low[2][WORDS], high[2][WORDS];
    empty_cells(s, n, empty);
    range_sets(own, n, pitch(s), two, three);
    axis_moves(own, two, three, empty, n, 1, low[0], high[0]);
    axis_moves(own, two, three, empty, n, pitch(s), low[1], high[1]);
    uint64_t bytes = 0;
    for (int i = 0; i < n; i++) {
        uint64_t carry, sum = herd_full_add(high[0][i], high[1][i], low[0][i] & low[1][i], &carry);
        bytes += herd_byte_counts(low[0][i] ^ low[1][i]) + (herd_byte_counts(sum) << 1) +
                 (herd_byte_counts(carry) << 2);
    }
    /* Every sum of bytes is at most the count, at most HERD_FLOCK_MAX_MOVES. */
    size_t count = (size_t)herd_byte_sum(bytes);
    int back = s->last_to[side];
    if (back != NO_CELL && set_has(s, own, back)) {
        int range = 1 + set_has(s, two, back) + set_has(s, three, back);
        count -= (size_t)ban_binds(s, side, back, range);
    }
    return count;
}

_Static_assert(HERD_FLOCK_MAX_MOVES < 256, "the count's bytes must not carry");

HERD_SET_SCALAR static size_t count_moves(const flock_state *s, int side)
{
    _Static_assert(WORDS == 3, "a copy for each number of words");
    switch (set_words(s)) {
    case 1:
        return count_moves_over(s, side, 1);
    case 2:
        return count_moves_over(s, side, 2);
    default:
        return count_moves_over(s, side, 3);
    }
}

/* room[k][d - 1]: the cells whose d cells ahead in direction dirs[k] are
 * empty, over n words. */
HERD_SET_INLINE void room_sets(const flock_state *s, int n, uint64_t room[4][MAX_RANGE][WORDS])
{
    uint64_t empty[WORDS];
    empty_cells(s, n, empty);
    for (int k = 0; k < 4; k++)
        for (int d = 0; d < MAX_RANGE; d++) {
            const uint64_t *from = d ? room[k][d - 1] : empty; /* then one step further */
            int step = packed_dir(s, k);
            if (step < 0)
                herd_set_up(room[k][d], from, n, -step);
            else
                herd_set_down(room[k][d], from, n, step);
            for (int i = 0; d && i < n; i++)
                room[k][d][i] &= room[k][0][i];
        }
}

/* A side has at most MAX_SIZE stones, and a stone at most 3 * MAX_RANGE
 * moves when it has a neighbour (range 2 or more), 4 when not: the listing
 * below writes up to MAX_RANGE - 1 past its count, which stays in a list's
 * room. */
_Static_assert(MAX_SIZE * 3 * MAX_RANGE + MAX_RANGE - 1 <= HERD_FLOCK_MAX_MOVES,
               "the listing writes past its count");

/* Lists the side's moves into buf, over n words: the stones in cell order
 * (row by row, left to right), each direction of dirs[], each distance
 * from 1 to the stone's range over empty cells, but the one the
 * straight-back ban forbids; or their action indices (flock_action_index())
 * into `indices` when that is not NULL (inline, so that each caller's copy
 * keeps one of the two). Each of a stone's twelve slides is written and
 * kept by counting it, without a branch, which the board would mispredict. */
HERD_SET_INLINE size_t side_moves_over(const flock_state *s, int side, int n, herd_move *buf,
                                       uint16_t *indices)
{
    const uint64_t *own = s->of_side[side];
    uint64_t room[4][MAX_RANGE][WORDS], two[WORDS], three[WORDS];
    room_sets(s, n, room);
    range_sets(own, n, pitch(s), two, three);
    size_t count = 0, cells = (size_t)s->w * (size_t)s->h;
    int back = s->last_to[side];
    herd_move banned = back == NO_CELL ? 0 : make_move(back, s->last_from[side]);
    for (int i = 0; i < n; i++)
        for (uint64_t bits = own[i]; bits; bits &= bits - 1) {
            int at = herd_lowest_bit(bits),
                range = 1 + (int)(two[i] >> at & 1) + (int)(three[i] >> at & 1);
            int from = cell_of(s, i * 64 + at);
            herd_move still = make_move(from, from);
            size_t first =
                indices ? herd_plane_action(s->w, s->h, 0, herd_grid_cell(GRID, from)) : 0;
            for (int k = 0; k < 4; k++) {
                herd_move m = still;
                size_t index = first + (size_t)MAX_RANGE * (size_t)k * cells;
                for (int d = 0; d < MAX_RANGE; d++, index += cells) {
                    m += step_value[k];
                    if (indices)
                        indices[count] = (uint16_t)index;
                    else
                        buf[count] = m;
                    count += (size_t)((int)(room[k][d][i] >> at & 1) & (d < range) & (m != banned));
                }
            }
        }
    return count;
}

HERD_SET_SCALAR static inline size_t side_moves_as(const flock_state *s, int side, herd_move *buf,
                                                   uint16_t *indices)
{
    switch (set_words(s)) {
    case 1:
        return side_moves_over(s, side, 1, buf, indices);
    case 2:
        return side_moves_over(s, side, 2, buf, indices);
    default:
        return side_moves_over(s, side, 3, buf, indices);
    }
}

static size_t side_moves(const flock_state *s, int side, herd_move *buf)
{
    return side_moves_as(s, side, buf, NULL);
}

/* Whether `side` has a move (count_moves() != 0): a stone beside an empty
 * cell has one unless it is the one the straight-back ban binds, whose
 * moves are counted only when no other stone has room. */
static int has_move(const flock_state *s, int side)
{
    int ban_stone_free = 0;
    FOR_EACH_STONE(s, side, from) {
        if (walled_in(s, from))
            continue;
        if (from != s->last_to[side])
            return 1;
        ban_stone_free = 1;
    }
    return ban_stone_free && count_moves(s, side) != 0;
}

static size_t flock_legal(const void *state, herd_move *buf)
{
    const flock_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return side_moves(s, s->head.side, buf);
}

static size_t flock_count(const void *state)
{
    const flock_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return count_moves(s, s->head.side);
}

/* The enemy stones that a stone of `side` arriving on `to` sandwiches, with
 * `from` (the cell it left) already empty; written to out, counted. */
static int captures_at(const flock_state *s, int side, int from, int to, int *out)
{
    uint8_t own = stone_of(side), enemy = stone_of(!side);
    int k = 0;
    for (int d = 0; d < 4; d++) {
        int next = to + dirs[d], beyond = next + dirs[d];
        if (s->at[next] == enemy && beyond != from && s->at[beyond] == own)
            out[k++] = next;
    }
    return k;
}

/* Sets the status after a move, the end conditions in the rules' order:
 * three captures, the move limit, the side to move without a move (looked
 * for only when check_moves is set). */
static void update_status(flock_state *s, int to_move, int check_moves)
{
    herd_head_set_ongoing(&s->head, to_move); /* an ended game still names the next side */
    for (int side = 0; side < 2; side++)
        if (s->captured[side] >= TO_WIN) {
            herd_head_set_win(&s->head, side, HERD_REASON_CAPTURED);
            return;
        }
    if (s->moves >= MOVE_LIMIT) {
        if (s->stones[0] == s->stones[1])
            herd_head_set_draw(&s->head, HERD_REASON_MOVE_LIMIT);
        else
            herd_head_set_win(&s->head, s->stones[1] > s->stones[0], HERD_REASON_MOVE_LIMIT);
        return;
    }
    if (check_moves && !has_move(s, to_move))
        herd_head_set_win(&s->head, !to_move, HERD_REASON_NO_MOVES);
}

/* The cell index of the cell whose row and column bytes are at `shift`
 * in a legal move (both on the board, so neither is negative). */
static int move_cell(herd_move m, int shift)
{
    return ((int)(m >> shift & 0xff) + 1) * STRIDE + (int)(m >> (shift + 8) & 0xff) + 1;
}

/* The packed bit (bit_of()) of the same cell. */
static int move_bit(const flock_state *s, herd_move m, int shift)
{
    return (int)(m >> shift & 0xff) * pitch(s) + (int)(m >> (shift + 8) & 0xff);
}

static void play_move(flock_state *s, herd_move m, int check_moves)
{
    int side = s->head.side, from = move_cell(m, 0), to = move_cell(m, 16), k = 0;
    int a = move_bit(s, m, 0), b = move_bit(s, m, 16);
    uint8_t own = stone_of(side), enemy = stone_of(!side);
    s->at[from] = EMPTY;
    s->at[to] = own;
    s->of_side[side][a >> 6] ^= UINT64_C(1) << (a & 63);
    s->of_side[side][b >> 6] ^= UINT64_C(1) << (b & 63);
    /* captures_at() with `from` empty already: it cannot be the stone beyond. */
    for (int d = 0; d < 4; d++) {
        int next = to + dirs[d];
        if (s->at[next] == enemy && s->at[next + dirs[d]] == own) {
            int taken = b + packed_dir(s, d);
            s->at[next] = EMPTY;
            s->of_side[!side][taken >> 6] ^= UINT64_C(1) << (taken & 63);
            k++;
        }
    }
    s->captured[side] = (uint8_t)(s->captured[side] + k);
    s->stones[!side] = (uint8_t)(s->stones[!side] - k);
    s->last_from[side] = (uint8_t)from;
    s->last_to[side] = (uint8_t)to;
    s->moves++;
    s->head.ply++;
    update_status(s, !side, check_moves);
}

static void flock_play(void *state, herd_move m)
{
    play_move(state, m, 1);
}

static void flock_search_play(void *state, herd_move m)
{
    play_move(state, m, 0);
}

/* Checks a move fully; on refusal says why and changes nothing. */
static int flock_apply(void *state, herd_move m, herd_msg msg)
{
    flock_state *s = state;
    int side = s->head.side;
    herd_cell a, b;
    char fa[HERD_CELL_NAME_SIZE],
        fb[HERD_CELL_NAME_SIZE]; /* named only for a refusal: the accepted path formats nothing */
    if (m >> 32)
        return herdi_fail(msg, HERD_E_ILLEGAL, "not a Flock move");
    herd_grid_move_cells(m, &a, &b);
    if (!herd_grid_inside(s->w, s->h, a))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is off the board", herdi_cell_name(fa, a));
    int from = herd_grid_index(GRID, a.row, a.col);
    if (s->at[from] != stone_of(side))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s has no %s stone", herdi_cell_name(fa, a),
                          side_name[side]);
    int dr = b.row - a.row, dc = b.col - a.col;
    if ((dr != 0) == (dc != 0))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s-%s is not a slide up, down, left or right",
                          herdi_cell_name(fa, a), herdi_cell_name(fb, b));
    int dist = dr ? (dr < 0 ? -dr : dr) : (dc < 0 ? -dc : dc);
    int range = range_at(s, from);
    if (dist > range)
        return herdi_fail(msg, HERD_E_ILLEGAL, "the stone on %s has range %d, not %d",
                          herdi_cell_name(fa, a), range, dist);
    /* Within range, every cell of the way is on the board or the border. */
    int step = dr ? (dr < 0 ? -STRIDE : STRIDE) : (dc < 0 ? -1 : 1);
    for (int d = 1, c = from + step; d <= dist; d++, c += step)
        if (s->at[c] != EMPTY)
            return herdi_fail(msg, HERD_E_ILLEGAL,
                              s->at[c] == OFF ? "%s is off the board" : "%s is occupied",
                              herdi_cell_name(fb, herd_grid_cell(GRID, c)));
    int to = herd_grid_index(GRID, b.row, b.col);
    if (straight_back(s, side, from, to))
        return herdi_fail(msg, HERD_E_ILLEGAL,
                          "the stone on %s may not go straight back to %s, which it just left",
                          herdi_cell_name(fa, a), herdi_cell_name(fb, b));
    flock_play(s, m);
    return HERD_OK;
}

/* ------------------------------------------------------------ creation */

static void setup_start(flock_state *s)
{
    clear_board(s);
    for (int c = 0; c < s->w; c++) {
        if (s->w % 2 && c == s->w / 2)
            continue;
        set_at(s, herd_grid_index(GRID, 0, c), WHITE_STONE);
        set_at(s, herd_grid_index(GRID, s->h - 1, c), BLACK_STONE);
    }
    s->stones[0] = s->stones[1] = (uint8_t)start_stones(s->w);
}

enum { OPT_W, OPT_H };

static const herd_option_desc flock_options[] = {
    {"w", HERD_OPTION_RANGE, HERD_FLOCK_MIN_SIZE, HERD_FLOCK_MAX_SIZE, NULL, 0,
     HERD_FLOCK_DEFAULT_SIZE, NULL, "the board's width, its columns"},
    {"h", HERD_OPTION_RANGE, HERD_FLOCK_MIN_SIZE, HERD_FLOCK_MAX_SIZE, NULL, 0,
     HERD_FLOCK_DEFAULT_SIZE, NULL, "the board's height, its rows"},
    HERD_SEED_OPTION,
};

static int flock_init(void *state, const herd_option_values *opt, herd_msg msg)
{
    flock_state *s = state;
    (void)msg;
    s->w = (uint8_t)opt->number[OPT_W];
    s->h = (uint8_t)opt->number[OPT_H];
    setup_start(s);
    herd_head_set_ongoing(&s->head, HERD_FLOCK_BLACK);
    return HERD_OK;
}

/* The options init() was given, but the seed (rules' options_of). */
static void flock_given_options(const void *state, herd_option_values *v)
{
    const flock_state *s = state;
    v->number[0] = (uint64_t)s->w;
    v->number[1] = (uint64_t)s->h;
}

/* The versions of herd_flock_options (internal.h). */
HERD_VERSIONS(flock_versions, herd_flock_options, HERD_FLOCK_OPTIONS_VERSION,
              sizeof(herd_flock_options));

/* The rules of this game, at the end of this file; lib/games.c lists them. */
extern const herd_rules herdi_flock_rules;

/* The typed calls of herd/flock.h, from the fields of herd_flock_options. */
static const herd_typed_field flock_fields[] = {
    {"w", offsetof(herd_flock_options, width), HERD_FIELD_INT},
    {"h", offsetof(herd_flock_options, height), HERD_FIELD_INT},
    {"seed", offsetof(herd_flock_options, seed), HERD_FIELD_U64},
};
HERD_TYPED_CALLS(flock, HERD_FLOCK_OPTIONS_INIT)

/* -------------------------------------------------------------- text */

static void write_last(const flock_state *s, int side, herd_sb *sb)
{
    if (s->last_from[side] == NO_CELL) {
        herdi_sb_putc(sb, '-');
        return;
    }
    herd_cell a = herd_grid_cell(GRID, s->last_from[side]),
              b = herd_grid_cell(GRID, s->last_to[side]);
    herdi_sb_cell(sb, a.row, a.col);
    herdi_sb_putc(sb, '-');
    herdi_sb_cell(sb, b.row, b.col);
}

static void flock_write_position(const void *state, herd_sb *sb)
{
    static const char mark[4] = {'.', 'b', 'w', '?'};
    const flock_state *s = state;
    herdi_sb_printf(sb, "flock w=%d h=%d turn=%s ply=%d captured=%d,%d last=", s->w, s->h,
                    side_name[s->head.side], s->moves, s->captured[0], s->captured[1]);
    write_last(s, HERD_FLOCK_BLACK, sb);
    herdi_sb_putc(sb, ',');
    write_last(s, HERD_FLOCK_WHITE, sb);
    herdi_sb_puts(sb, " board=");
    for (int r = 0; r < s->h; r++) {
        if (r)
            herdi_sb_putc(sb, '/');
        for (int c = 0; c < s->w; c++)
            herdi_sb_putc(sb, mark[s->at[herd_grid_index(GRID, r, c)]]);
    }
}

#define POSITION_FORMAT \
    "expected 'flock w=W h=H turn=black|white ply=N captured=B,W last=M,M board=ROWS'"

/* A previous move as text: `-` (has = 0) or FROM-TO. */
static int scan_last(herd_scan *sc, herd_cell *a, herd_cell *b, int *has)
{
    *has = !herdi_scan_lit(sc, "-");
    if (!*has)
        return 1;
    return herdi_scan_cell(sc, &a->row, &a->col) && herdi_scan_lit(sc, "-") &&
           herdi_scan_cell(sc, &b->row, &b->col);
}

/* Whether from-to is a slide of 1..3 cells up, down, left or right on the
 * board. */
static int is_slide(const flock_state *s, herd_cell a, herd_cell b)
{
    int dr = b.row - a.row, dc = b.col - a.col, dist = dr ? dr : dc;
    if (dist < 0)
        dist = -dist;
    return herd_grid_inside(s->w, s->h, a) && herd_grid_inside(s->w, s->h, b) &&
           (dr != 0) != (dc != 0) && dist <= MAX_RANGE;
}

/* Checks the invariants of a parsed position (docs/flock.md lists them in
 * this order) and sets its status. */
static int check_position(flock_state *s, const herd_cell last[2][2], const int has_last[2],
                          herd_msg msg)
{
    int turn = s->head.side, mover = !turn, start = start_stones(s->w);
    char name[HERD_CELL_NAME_SIZE];
    if (turn != s->moves % 2)
        return herdi_fail(msg, HERD_E_POSITION,
                          "turn=%s does not fit ply=%d: black moves on even "
                          "plies",
                          side_name[turn], s->moves);
    for (int side = 0; side < 2; side++) {
        int moved = (s->moves + 1 - side) / 2; /* moves this side has made */
        if (s->stones[side] + s->captured[!side] != start)
            return herdi_fail(msg, HERD_E_POSITION,
                              "%s has %d stones and %d were captured, but starts with %d",
                              side_name[side], s->stones[side], s->captured[!side], start);
        if (s->captured[side] > MOST_CAPTURES * moved)
            return herdi_fail(msg, HERD_E_POSITION, "%s cannot have captured %d stones in %d moves",
                              side_name[side], s->captured[side], moved);
        if (has_last[side] != (moved > 0))
            return herdi_fail(msg, HERD_E_POSITION,
                              moved ? "last: %s has moved, so its move is needed"
                                    : "last: %s has not moved yet, so its move is '-'",
                              side_name[side]);
    }
    if (s->captured[0] >= TO_WIN && s->captured[1] >= TO_WIN)
        return herdi_fail(msg, HERD_E_POSITION, "both sides have captured %d stones", TO_WIN);
    for (int side = 0; side < 2; side++) {
        s->last_from[side] = s->last_to[side] = NO_CELL;
        if (!has_last[side])
            continue;
        herd_cell a = last[side][0], b = last[side][1];
        if (!is_slide(s, a, b))
            return herdi_fail(msg, HERD_E_POSITION, "last: %s's move is not a slide on the board",
                              side_name[side]);
        uint8_t there = s->at[herd_grid_index(GRID, b.row, b.col)];
        /* The last mover's stone still stands where it went; the other
         * side's may have been captured since, but no enemy took its cell. */
        if (side == mover && there != stone_of(side))
            return herdi_fail(msg, HERD_E_POSITION, "last: no %s stone on %s, where it moved",
                              side_name[side], herdi_cell_name(name, b));
        if (there == stone_of(!side))
            return herdi_fail(msg, HERD_E_POSITION, "last: a %s stone on %s, where %s moved",
                              side_name[!side], herdi_cell_name(name, b), side_name[side]);
        s->last_from[side] = (uint8_t)herd_grid_index(GRID, a.row, a.col);
        s->last_to[side] = (uint8_t)herd_grid_index(GRID, b.row, b.col);
    }
    update_status(s, turn, 1);
    return HERD_OK;
}

static int flock_read_position(void *state, const char *text, herd_msg msg)
{
    flock_state *s = state;
    herd_scan sc = {text};
    uint64_t w, h, ply, cb, cw;
    herd_cell last[2][2];
    int has_last[2], turn;
    if (!herdi_scan_lit(&sc, "flock w=") || !herdi_scan_uint(&sc, 999, &w) ||
        !herdi_scan_lit(&sc, " h=") || !herdi_scan_uint(&sc, 999, &h) ||
        !herdi_scan_lit(&sc, " turn="))
        return herdi_fail(msg, HERD_E_PARSE, POSITION_FORMAT);
    if (herdi_scan_lit(&sc, "black"))
        turn = HERD_FLOCK_BLACK;
    else if (herdi_scan_lit(&sc, "white"))
        turn = HERD_FLOCK_WHITE;
    else
        return herdi_fail(msg, HERD_E_PARSE, "turn must be black or white");
    if (!herdi_scan_lit(&sc, " ply=") || !herdi_scan_uint(&sc, 999, &ply) ||
        !herdi_scan_lit(&sc, " captured=") || !herdi_scan_uint(&sc, 999, &cb) ||
        !herdi_scan_lit(&sc, ",") || !herdi_scan_uint(&sc, 999, &cw) ||
        !herdi_scan_lit(&sc, " last=") || !scan_last(&sc, &last[0][0], &last[0][1], &has_last[0]) ||
        !herdi_scan_lit(&sc, ",") || !scan_last(&sc, &last[1][0], &last[1][1], &has_last[1]) ||
        !herdi_scan_lit(&sc, " board="))
        return herdi_fail(msg, HERD_E_PARSE, POSITION_FORMAT);
    if (w < HERD_FLOCK_MIN_SIZE || w > MAX_SIZE)
        return herdi_fail(msg, HERD_E_POSITION, "w=%d is out of range 5..12", (int)w);
    if (h < HERD_FLOCK_MIN_SIZE || h > MAX_SIZE)
        return herdi_fail(msg, HERD_E_POSITION, "h=%d is out of range 5..12", (int)h);
    if (ply > MOVE_LIMIT)
        return herdi_fail(msg, HERD_E_POSITION, "ply=%d is out of range 0..100", (int)ply);
    if (cb > MAX_SIZE || cw > MAX_SIZE)
        return herdi_fail(msg, HERD_E_POSITION, "captured=%d,%d is out of range 0..%d", (int)cb,
                          (int)cw, MAX_SIZE);
    s->w = (uint8_t)w;
    s->h = (uint8_t)h;
    clear_board(s);
    for (int r = 0; r < s->h; r++) {
        if (r && !herdi_scan_lit(&sc, "/"))
            return herdi_fail(msg, HERD_E_POSITION, "board: %d rows, not %d", r, s->h);
        for (int c = 0; c < s->w; c++) {
            char ch = *sc.p;
            uint8_t v = ch == '.' ? EMPTY : ch == 'b' ? BLACK_STONE : ch == 'w' ? WHITE_STONE : OFF;
            if (v == OFF)
                return herdi_fail(msg, HERD_E_POSITION,
                                  "board: row %c needs %d cells of '.', 'b' and 'w'", 'a' + r,
                                  s->w);
            sc.p++;
            if (c == s->w - 1 && *sc.p && strchr(".bw", *sc.p))
                return herdi_fail(msg, HERD_E_POSITION, "board: row %c is longer than %d cells",
                                  'a' + r, s->w);
            set_at(s, herd_grid_index(GRID, r, c), v);
            if (v != EMPTY)
                s->stones[v - 1]++;
        }
    }
    if (*sc.p == '/')
        return herdi_fail(msg, HERD_E_POSITION, "board: more than %d rows", s->h);
    if (!herdi_scan_end(&sc))
        return herdi_fail(msg, HERD_E_PARSE, "unexpected text after the board");
    s->moves = (uint8_t)ply;
    s->captured[0] = (uint8_t)cb;
    s->captured[1] = (uint8_t)cw;
    s->head.side = (uint8_t)turn;
    s->head.ply = 0;
    return check_position(s, (const herd_cell(*)[2])last, has_last, msg);
}

/* Reads into a fresh state, the generator going on as it was, and keeps it
 * only when the whole text is accepted. */
static int flock_write_move(const void *state, herd_move m, herd_sb *sb)
{
    (void)state;
    return herdi_grid_write_move(m, sb);
}

static int flock_read_move(const void *state, const char *text, herd_move *m, herd_msg msg)
{
    (void)state;
    return herdi_grid_read_move(text, m, "g2-e2", msg);
}

/* Each stone shows its colour and its range, as the seed's board does. */
static void flock_show(const void *state, herd_sb *sb)
{
    const flock_state *s = state;
    herdi_sb_puts(sb, "   ");
    for (int c = 0; c < s->w; c++)
        herdi_sb_printf(sb, "%3d", c + 1);
    herdi_sb_putc(sb, '\n');
    for (int r = 0; r < s->h; r++) {
        herdi_sb_printf(sb, "%2c ", 'a' + r);
        for (int c = 0; c < s->w; c++) {
            int cell = herd_grid_index(GRID, r, c);
            uint8_t v = s->at[cell];
            if (v == EMPTY)
                herdi_sb_puts(sb, "  .");
            else
                herdi_sb_printf(sb, " %c%d", v == BLACK_STONE ? 'B' : 'W', range_at(s, cell));
        }
        herdi_sb_putc(sb, '\n');
    }
    herdi_sb_printf(sb, "move %d of %d, captured: black %d, white %d\n", s->moves, MOVE_LIMIT,
                    s->captured[0], s->captured[1]);
    if (s->head.result == HERD_ONGOING) {
        herdi_sb_side_label(sb, side_name[s->head.side], 0);
        herdi_sb_puts(sb, " to move");
    }
}

/* ------------------------------------------------------- the computer */

/* A move's worth to the side that plays it, one ply deep: the game's end
 * first, then its captures less the most that the reply can capture. */
#define WON 1000

static int outcome_for(const flock_state *s, int side)
{
    if (s->head.result == HERD_DRAW)
        return 0;
    return s->head.winner == side ? WON : -WON;
}

/* The most stones one reply of the side to move captures; WON when a reply
 * ends the game in its favour. */
static int best_reply(const flock_state *s)
{
    herd_move moves[HERD_FLOCK_MAX_MOVES];
    int side = s->head.side, best = 0, caps[4];
    size_t n = side_moves(s, side, moves);
    for (size_t i = 0; i < n; i++) {
        herd_cell a, b;
        herd_grid_move_cells(moves[i], &a, &b);
        int k = captures_at(s, side, herd_grid_index(GRID, a.row, a.col),
                            herd_grid_index(GRID, b.row, b.col), caps);
        if (s->captured[side] + k >= TO_WIN)
            return WON;
        if (k > best)
            best = k;
    }
    return best;
}

static int novice_score(const flock_state *s, herd_move m)
{
    flock_state after = *s;
    int side = s->head.side;
    flock_play(&after, m);
    if (after.head.result != HERD_ONGOING)
        return outcome_for(&after, side);
    int gained = after.captured[side] - s->captured[side];
    return gained - best_reply(&after);
}

/* Level 1 ("beginner"): any legal move, uniformly. Level 2 ("novice"): the
 * moves that score best by novice_score(), one of them uniformly. */
static herd_move flock_genmove(void *state, int level)
{
    flock_state *s = state;
    herd_move moves[HERD_FLOCK_MAX_MOVES];
    int score[HERD_FLOCK_MAX_MOVES];
    size_t n = side_moves(s, s->head.side, moves);
    if (n == 0)
        return 0;
    if (level == 1)
        return moves[herdi_rng_below(&s->head.rng, (uint32_t)n)];
    for (size_t i = 0; i < n; i++)
        score[i] = novice_score(s, moves[i]);
    return moves[herdi_rng_pick_best(&s->head.rng, score, n)];
}

/* ------------------------------------------------------- for search */

/* The stones, the side to move, the move count (the limit) and each side's
 * previous move (the straight-back ban): what decides the game from here. */
static uint64_t flock_hash(const void *state)
{
    const flock_state *s = state;
    uint64_t h = herdi_zobrist(3 * CELLS + s->head.side) ^ herdi_zobrist(3 * CELLS + 2 + s->moves);
    for (int side = 0; side < 2; side++)
        h ^= herdi_zobrist(4 * CELLS + (uint64_t)side * CELLS * CELLS +
                           (uint64_t)s->last_from[side] * CELLS + s->last_to[side]);
    for (int i = 0; i < CELLS; i++)
        if (s->at[i] == stone_of(0) || s->at[i] == stone_of(1))
            h ^= herdi_zobrist((uint64_t)i * 3 + s->at[i]);
    return h;
}

/* For the side to move: the captures ahead (three win, and at the limit the
 * stones decide), then the room to move. */
static int flock_evaluate(const void *state)
{
    const flock_state *s = state;
    int me = s->head.side;
    int moves_me = (int)count_moves(s, me), moves_them = (int)count_moves(s, !me);
    return 100 * ((int)s->captured[me] - (int)s->captured[!me]) + (moves_me - moves_them);
}

/* What `side` could capture with one move now: returns the most stones one
 * move takes, and marks in `stops` (when not NULL) what a move of the other
 * side could change of that: the stones that some move takes, and the cells
 * that its capturing stone crosses or stops on. A capture needs an empty
 * cell beside an enemy stone with one of the side's beyond it, and a stone
 * of the side in range of that cell on a straight empty way, so only those
 * cells are looked at, not every move. */
static int capture_reach(const flock_state *s, int side, uint64_t stops[WORDS])
{
    uint8_t own = stone_of(side);
    uint64_t tried[WORDS] = {0};
    int most = 0;
    FOR_EACH_STONE(s, !side, enemy) {
        for (int d = 0; d < 4; d++) {
            int to = enemy - dirs[d];
            if (s->at[enemy + dirs[d]] != own || s->at[to] != EMPTY || set_has(s, tried, to))
                continue;
            set_add(s, tried, to);
            for (int k = 0; k < 4; k++) { /* the nearest stone each way, within MAX_RANGE */
                int from = to + dirs[k], dist = 1;
                while (s->at[from] == EMPTY && dist < MAX_RANGE) {
                    from += dirs[k];
                    dist++;
                }
                if (s->at[from] != own || dist > range_at(s, from) ||
                    straight_back(s, side, from, to))
                    continue;
                int caps[MOST_CAPTURES + 1], n = captures_at(s, side, from, to, caps);
                if (n > most)
                    most = n;
                for (int i = 0; stops && i < n; i++)
                    set_add(s, stops, caps[i]);
                for (int c = to; stops && n && c != from; c += dirs[k])
                    set_add(s, stops, c);
            }
        }
    }
    return most;
}

/* Master's leaves: flock_evaluate(), and the captures one and two moves
 * ahead, which the levels below see only where their search reaches them.
 * The side to move takes the most it can now, nearly as good as taken (a
 * third capture wins); where the other side threatens a capture, the side
 * to move loses what it still threatens after the best answer (two threats
 * that one move does not both parry cost a stone). Only a move of a
 * threatened stone or one onto a capturing stone's way can parry. */
#define TAKE_NOW 90
static int flock_master_evaluate(const void *state)
{
    const flock_state *s = state;
    int me = s->head.side, e = flock_evaluate(state);
    int take = capture_reach(s, me, NULL);
    if (take)
        return s->captured[me] + take >= TO_WIN ? WON : e + TAKE_NOW * take;
    if (s->moves + 1 >= MOVE_LIMIT)
        return e; /* the move limit comes before a reply */
    uint64_t stops[WORDS] = {0};
    int loss = capture_reach(s, !me, stops);
    herd_move moves[HERD_FLOCK_MAX_MOVES];
    size_t n = loss ? side_moves(s, me, moves) : 0;
    for (size_t i = 0; i < n && loss; i++) {
        int from = move_cell(moves[i], 0), to = move_cell(moves[i], 16);
        if (!set_has(s, stops, from) && !set_has(s, stops, to))
            continue;
        flock_state after = *s;
        flock_search_play(&after, moves[i]);
        int left = capture_reach(&after, !me, NULL);
        if (left < loss)
            loss = left;
    }
    if (!loss)
        return e;
    return s->captured[!me] + loss >= TO_WIN ? -WON : e - TAKE_NOW * loss;
}

/* The evaluations (herd_level.eval): the plain one, and master's. */
enum { FLOCK_EVAL_PLAIN, FLOCK_EVAL_MASTER };

static int flock_leaf_evaluate(const void *state, unsigned eval, const void *table)
{
    (void)table;
    return eval == FLOCK_EVAL_MASTER ? flock_master_evaluate(state) : flock_evaluate(state);
}

static const herd_level flock_levels[] = {
    /* For players (docs/levels.md has the searches): a move is a ply.
     * Master's leaves also weigh the captures the side to move can make
     * and the threats its best answer leaves: it sees forks. */
    {"beginner", "any move at random", HERD_LEVEL_OWN, 0, 0, 0},
    {"novice", "wins at once if it can, else captures most, less the reply's", HERD_LEVEL_OWN, 0, 0,
     0},
    {"club", "looks 3 moves ahead, weighing up to 10,000 positions", HERD_LEVEL_ALPHABETA, 3, 10000,
     0},
    {"expert", "looks up to 4 moves ahead, weighing up to 50,000 positions", HERD_LEVEL_ALPHABETA,
     4, 50000, 0},
    {"master", "looks up to 7 moves ahead in 200,000 positions, and sees forks",
     HERD_LEVEL_ALPHABETA, 7, 200000, FLOCK_EVAL_MASTER},
};

/* ---------------------------------------------------- for learning */

/* Twelve planes over the board: a slide in each direction of dirs[]'s
 * order, 1, 2 or 3 cells: action ((3k + d - 1) * h + row) * w + col slides
 * the stone on (row, col) d cells in direction k, also where that leaves
 * the board (never legal). docs/flock.md draws them. */
static size_t flock_num_actions(const void *state)
{
    const flock_state *s = state;
    return 4u * MAX_RANGE * s->w * s->h;
}

static herd_cell slide_step(int k)
{
    return herd_grid_step(GRID, dirs[k], 1);
}

static int flock_action_index(const void *state, herd_move m, size_t *index)
{
    const flock_state *s = state;
    herd_cell a, b;
    if (m >> 32)
        return HERD_E_ARG;
    herd_grid_move_cells(m, &a, &b);
    int dr = b.row - a.row, dc = b.col - a.col, d = dr ? (dr < 0 ? -dr : dr) : (dc < 0 ? -dc : dc);
    if (!herd_grid_inside(s->w, s->h, a) || (dr != 0) == (dc != 0) || d > MAX_RANGE)
        return HERD_E_ARG;
    int unit = (dr * STRIDE + dc) / d;
    for (int k = 0; k < 4; k++)
        if (unit == dirs[k]) {
            *index = herd_plane_action(s->w, s->h, MAX_RANGE * k + d - 1, a);
            return HERD_OK;
        }
    return HERD_E_ARG; /* not reached: the four directions are all the straight lines */
}

static herd_move flock_action_move(const void *state, size_t index)
{
    const flock_state *s = state;
    herd_cell a;
    int plane = herd_plane_action_cell(s->w, s->h, index, &a), d = plane % MAX_RANGE + 1;
    herd_cell u = slide_step(plane / MAX_RANGE);
    return herd_flock_move(a, (herd_cell){a.row + d * u.row, a.col + d * u.col});
}

/* flock_legal()'s actions as indices. */
static size_t flock_legal_indices(const void *state, uint16_t *buf)
{
    const flock_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return side_moves_as(s, s->head.side, NULL, buf);
}

enum {
    OBS_MINE,
    OBS_THEIRS,
    OBS_MY_RANGE,
    OBS_THEIR_RANGE,
    OBS_MY_BANNED_STONE,
    OBS_MY_BANNED_CELL,
    OBS_THEIR_BANNED_STONE,
    OBS_THEIR_BANNED_CELL,
    OBS_TO_ACT,
    OBS_MOVES,
    OBS_MY_CAPTURES,
    OBS_THEIR_CAPTURES,
    OBS_PLANES
};

static void flock_observation_shape(const void *state, size_t shape[3])
{
    const flock_state *s = state;
    shape[0] = OBS_PLANES;
    shape[1] = s->h;
    shape[2] = s->w;
}

/* For the side (who = 0) and the other (who = 1): the stones, each stone's
 * range in thirds, and the straight-back ban (the stone that may not go
 * back, and the cell it may not go back to). Then whether the side is to
 * move, the moves played in hundredths (the limit) and each side's
 * captures in thirds (three win). */
static void flock_observe(const void *state, int side, float *buf)
{
    const flock_state *s = state;
    herd_planes o = {buf, s->h, s->w};
    for (int r = 0; r < s->h; r++)
        for (int c = 0; c < s->w; c++) {
            int cell = herd_grid_index(GRID, r, c);
            if (s->at[cell] == EMPTY)
                continue;
            int who = s->at[cell] != stone_of(side);
            herd_plane_set(o, OBS_MINE + who, r, c, 1.0f);
            herd_plane_set(o, OBS_MY_RANGE + who, r, c, range_at(s, cell) / (float)MAX_RANGE);
        }
    for (int who = 0; who < 2; who++) {
        int mover = who ? !side : side, to = s->last_to[mover];
        if (to == NO_CELL || s->at[to] != stone_of(mover))
            continue;
        herd_cell a = herd_grid_cell(GRID, to), b = herd_grid_cell(GRID, s->last_from[mover]);
        herd_plane_set(o, OBS_MY_BANNED_STONE + 2 * who, a.row, a.col, 1.0f);
        herd_plane_set(o, OBS_MY_BANNED_CELL + 2 * who, b.row, b.col, 1.0f);
    }
    if (s->head.result == HERD_ONGOING && s->head.side == side)
        herd_plane_fill(o, OBS_TO_ACT, 1.0f);
    herd_plane_fill(o, OBS_MOVES, (float)s->moves / MOVE_LIMIT);
    herd_plane_fill(o, OBS_MY_CAPTURES, (float)s->captured[side] / TO_WIN);
    herd_plane_fill(o, OBS_THEIR_CAPTURES, (float)s->captured[!side] / TO_WIN);
}

/* ---------------------------------------------------- typed queries */

static const flock_state *flock_of(const herd_game *g)
{
    return herdi_game_state(g, HERD_FLOCK);
}

int herd_flock_at(const herd_game *g, herd_cell cell, int *side)
{
    const flock_state *s = flock_of(g);
    if (!s || !side || !herd_grid_inside(s->w, s->h, cell))
        return HERD_E_ARG;
    uint8_t v = s->at[herd_grid_index(GRID, cell.row, cell.col)];
    *side = v == EMPTY ? -1 : v - 1;
    return HERD_OK;
}

int herd_flock_stones(const herd_game *g, int side, int *stones)
{
    const flock_state *s = flock_of(g);
    if (!s || !stones || side < 0 || side > 1)
        return HERD_E_ARG;
    *stones = s->stones[side];
    return HERD_OK;
}

int herd_flock_captured(const herd_game *g, int side, int *captured)
{
    const flock_state *s = flock_of(g);
    if (!s || !captured || side < 0 || side > 1)
        return HERD_E_ARG;
    *captured = s->captured[side];
    return HERD_OK;
}

int herd_flock_ply(const herd_game *g, int *ply)
{
    const flock_state *s = flock_of(g);
    if (!s || !ply)
        return HERD_E_ARG;
    *ply = s->moves;
    return HERD_OK;
}

int herd_flock_moves_left(const herd_game *g, int *left)
{
    const flock_state *s = flock_of(g);
    if (!s || !left)
        return HERD_E_ARG;
    *left = MOVE_LIMIT - s->moves;
    return HERD_OK;
}

/* The stone's cell index, or NO_CELL when the cell is off the board or
 * empty. */
static int stone_cell(const flock_state *s, herd_cell cell)
{
    if (!herd_grid_inside(s->w, s->h, cell))
        return NO_CELL;
    int c = herd_grid_index(GRID, cell.row, cell.col);
    return s->at[c] == EMPTY ? NO_CELL : c;
}

int herd_flock_range(const herd_game *g, herd_cell cell, int *range)
{
    const flock_state *s = flock_of(g);
    if (!s || !range)
        return HERD_E_ARG;
    int c = stone_cell(s, cell);
    if (c == NO_CELL)
        return HERD_E_ARG;
    *range = range_at(s, c);
    return HERD_OK;
}

/* Writes the cells marked in `in` in row-major order, as the typed lists
 * promise: counted always, written only when all fit. */
static int list_cells(const flock_state *s, const uint8_t *in, herd_cell *buf, size_t cap,
                      size_t *count)
{
    size_t n = 0;
    for (int r = 0; r < s->h; r++)
        for (int c = 0; c < s->w; c++)
            n += in[herd_grid_index(GRID, r, c)] != 0;
    herd_set_len(count, n);
    if (cap < n)
        return HERD_E_BUFFER;
    n = 0;
    for (int r = 0; r < s->h; r++)
        for (int c = 0; c < s->w; c++)
            if (in[herd_grid_index(GRID, r, c)])
                buf[n++] = herd_grid_cell(GRID, herd_grid_index(GRID, r, c));
    return HERD_OK;
}

int herd_flock_members(const herd_game *g, herd_cell cell, herd_cell *buf, size_t cap,
                       size_t *count)
{
    const flock_state *s = flock_of(g);
    uint8_t in[CELLS];
    if (!s || (!buf && cap))
        return HERD_E_ARG;
    int c = stone_cell(s, cell);
    if (c == NO_CELL)
        return HERD_E_ARG;
    flock_cells(s, c, in);
    return list_cells(s, in, buf, cap, count);
}

int herd_flock_targets(const herd_game *g, herd_cell cell, herd_cell *buf, size_t cap,
                       size_t *count)
{
    const flock_state *s = flock_of(g);
    herd_move moves[HERD_FLOCK_MAX_MOVES];
    herd_cell list[HERD_FLOCK_MAX_MOVES];
    if (!s || (!buf && cap) || !herd_grid_inside(s->w, s->h, cell))
        return HERD_E_ARG;
    size_t n = flock_legal(s, moves), k = 0;
    for (size_t i = 0; i < n; i++) {
        herd_cell a, b;
        herd_grid_move_cells(moves[i], &a, &b);
        if (a.row == cell.row && a.col == cell.col)
            list[k++] = b;
    }
    herd_set_len(count, k);
    if (cap < k)
        return HERD_E_BUFFER;
    if (k)
        memcpy(buf, list, k * sizeof *list);
    return HERD_OK;
}

int herd_flock_last_move(const herd_game *g, int side, herd_move *m)
{
    const flock_state *s = flock_of(g);
    if (!s || !m || side < 0 || side > 1)
        return HERD_E_ARG;
    *m = s->last_from[side] == NO_CELL ? 0 : make_move(s->last_from[side], s->last_to[side]);
    return HERD_OK;
}

int herd_flock_straight_back(const herd_game *g, int *banned, herd_cell *stone, herd_cell *cell)
{
    const flock_state *s = flock_of(g);
    if (!s || !banned)
        return HERD_E_ARG;
    int side = s->head.side, to = s->last_to[side];
    *banned = s->head.result == HERD_ONGOING && to != NO_CELL && s->at[to] == stone_of(side);
    if (*banned && stone)
        *stone = herd_grid_cell(GRID, to);
    if (*banned && cell)
        *cell = herd_grid_cell(GRID, s->last_from[side]);
    return HERD_OK;
}

HERD_SEARCH_LEGAL(flock_search_legal, flock_legal)
HERD_PERFT_TWO_PLIES(flock_perft_two, flock_state, flock_search_play, flock_count)

static const herd_fast_rules flock_fast = {flock_search_play, flock_search_legal,
                                           flock_perft_two};

const herd_rules herdi_flock_rules = {
    .desc =
        {
            .kind = HERD_FLOCK,
            .name = "flock",
            .title = "Flock",
            .side_names = SIDE_NAMES,
            .options = flock_options,
            .option_count = sizeof flock_options / sizeof flock_options[0],
            .level_count = HERD_LEVEL_COUNT(flock_levels),
            .default_level = 2,
            .max_moves = HERD_FLOCK_MAX_MOVES,
        },
    .state_size = sizeof(flock_state),
    .init = flock_init,
    .options_of = flock_given_options,
    .legal = flock_legal,
    .count = flock_count,
    .apply = flock_apply,
    .play = flock_play,
    .write_position = flock_write_position,
    .read_position = flock_read_position,
    .write_move = flock_write_move,
    .read_move = flock_read_move,
    .show = flock_show,
    .genmove = flock_genmove,
    .levels = flock_levels,
    .hash = flock_hash,
    .evaluate = flock_leaf_evaluate,
    .num_actions = flock_num_actions,
    .action_index = flock_action_index,
    .action_move = flock_action_move,
    .legal_indices = flock_legal_indices,
    .observation_shape = flock_observation_shape,
    .observe = flock_observe,
    .fast = &flock_fast,
};
