/* Herd of Horses (docs/horses.md): knight herds that must stay together,
 * racing to the far corner. Everything about this game lives here. */
#include <string.h>

#include "actions.h"
#include "bits.h"
#include "grid.h"
#include "herd/horses.h"
#include "internal.h"

#define MAX_W HERD_HORSES_MAX_WIDTH
#define MAX_H HERD_HORSES_MAX_HEIGHT
#define MAX_N HERD_HORSES_MAX_HORSES
#define BOX 6 /* every start horse stands in the 6x6 box at its own corner */

/* The board is stored with a border two cells wide and a fixed row stride,
 * so that a knight's jump is one constant offset and lands on a border cell
 * (OFF) instead of needing a bounds check. */
#define PAD 2
#define STRIDE (MAX_W + 2 * PAD)
#define GRID ((herd_grid){STRIDE, PAD})
#define CELLS ((MAX_H + 2 * PAD) * STRIDE)
#define OFF 0xff

typedef uint16_t horse_mask; /* bit i: horse i+1 of one side */

/* What a herd's shape allows, kept up to date as its horses move (perft's
 * moves leave it behind: horses_state's moved[]), so that
 * listing moves is a look-up per jump: keeps[i] has bit k when jump k of
 * horse i leaves the herd together, whether or not its landing cell is
 * empty (the board says that). */
typedef struct herd_shape {
    /* near[i][j]: the jumps of horse i that land a knight's move from horse
     * j (0 for j = i); a row of 16 so that it is read in two words. */
    uint8_t near[MAX_N][16];
    horse_mask adj[MAX_N]; /* adj[i]: the horses a knight's move from horse i */
    uint8_t keeps[16];     /* 0 from horse n on: counted two words at a time */
} herd_shape;

typedef struct horses_state {
    herd_head head;
    uint8_t w, h, n;
    /* Who stands on each cell: 0 empty, OFF off the board, else
     * side * MAX_N + number (1..n). */
    uint8_t at[CELLS];
    uint16_t pos[2][MAX_N]; /* the cell of each horse */
    /* moved[side]: the side's horses that moved since its shape was last
     * brought up to date (0: it is). perft's moves leave the shape so
     * (horses_search_play()), for the listing of a state that has children
     * to bring up to date once for all of them. */
    horse_mask moved[2]; /* here, where the alignment of last[] leaves room */
    herd_move last[2];   /* each side's previous move, 0 for none */
    herd_shape shape[2];
    /* blocked[v]: the jumps of the horse coded v that land on a horse or off
     * the board, kept up to date as horses move. A move also writes the 16
     * entries after them, one for each cell around its two cells that holds
     * no horse, and sets them back to 0: so the update needs no test of the
     * cell, and no write waits for another. */
    uint8_t blocked[1 + 2 * MAX_N + 16];
} horses_state;
_Static_assert(1 + MAX_N + 16 <= 1 + 2 * MAX_N + 16, "count_moves() reads blocked[] in two words");

_Static_assert(HERD_HORSES_MAX_MOVES <= HERD_MAX_MOVES, "move bound too large");
_Static_assert(sizeof(horses_state) <= HERD_MAX_STATE_SIZE, "state too large");

/* The eight knight jumps as (number, rows, columns), in the order moves are
 * generated: up two, up one, down one, down two; left before right. The
 * reverse of jump k is jump 7 - k. X(k, rows, columns, r, c) for each. */
#define FOR_JUMPS(X, r, c) \
    X(0, -2, -1, r, c)     \
    X(1, -2, 1, r, c)      \
    X(2, -1, -2, r, c)     \
    X(3, -1, 2, r, c)      \
    X(4, 1, -2, r, c)      \
    X(5, 1, 2, r, c)       \
    X(6, 2, -1, r, c)      \
    X(7, 2, 1, r, c)

#define JUMP_OFFSET(k, jr, jc, r, c) (jr) * STRIDE + (jc),
/* The jumps as cell offsets. */
static const int16_t jump[8] = {FOR_JUMPS(JUMP_OFFSET, 0, 0)};

/* For two horses r rows and c columns apart, what the first's jumps do:
 * bits 0-7, the jumps that land a knight's move from the second; bits
 * 8-15, the jump that lands on it (none when they are not connected); and
 * bits 16-23, the second's jumps that land a knight's move from the first. */
#define KNIGHT_APART(r, c) ((r) * (r) + (c) * (c) == 5)
#define NEAR_BIT(k, jr, jc, r, c) | KNIGHT_APART((jr) - (r), (jc) - (c)) << (k)
#define ONTO_BIT(k, jr, jc, r, c) | ((jr) == (r) && (jc) == (c)) << ((k) + 8)
#define PAIR(r, c)                                                                               \
    (0 FOR_JUMPS(NEAR_BIT, r, c) FOR_JUMPS(ONTO_BIT, r, c) | (0 FOR_JUMPS(NEAR_BIT, -(r), -(c))) \
                                                                 << 16)
/* A row of the table: columns -17..16 apart; only -4..4 can share a cell
 * a knight's move from both. */
#define ZEROS4 0, 0, 0, 0
#define PAIR_ROW(r)                                                                            \
    ZEROS4, ZEROS4, ZEROS4, 0, PAIR(r, -4), PAIR(r, -3), PAIR(r, -2), PAIR(r, -1), PAIR(r, 0), \
        PAIR(r, 1), PAIR(r, 2), PAIR(r, 3), PAIR(r, 4), ZEROS4, ZEROS4, ZEROS4

/* PAIR() by the offset between the two cells, rows -4..4 apart: offset d
 * is entry d + PAIR_ORIGIN. The stride is wider than the board by 4, so an
 * offset within 4 columns names one (rows, columns) pair and no other pair
 * of cells on the board has it. */
static const uint32_t pair_table[] = {PAIR_ROW(-4), PAIR_ROW(-3), PAIR_ROW(-2),
                                      PAIR_ROW(-1), PAIR_ROW(0),  PAIR_ROW(1),
                                      PAIR_ROW(2),  PAIR_ROW(3),  PAIR_ROW(4)};
#define PAIR_ORIGIN (4 * STRIDE + STRIDE / 2)
_Static_assert(STRIDE == 34 && sizeof pair_table == 9 * STRIDE * sizeof pair_table[0],
               "pair_table's rows are written for a stride of 34");

static unsigned pair_of(int offset)
{
    unsigned i = (unsigned)(offset + PAIR_ORIGIN),
             last = sizeof pair_table / sizeof pair_table[0] - 1;
    return pair_table[i < last ? i : last]; /* the last entry is 0, as beyond */
}

/* The sides' names, here and in the registry (.side_names). */
#define SIDE_NAMES {"green", "red"}
static const char *const side_name[2] = SIDE_NAMES;

/* ------------------------------------------------------------ moves */

herd_move herd_horses_move(herd_cell from, herd_cell to)
{
    return herd_grid_move_held(from, to);
}

int herd_horses_move_cells(herd_move m, herd_cell *from, herd_cell *to)
{
    if (m >> 32)
        return HERD_E_ARG; /* no value herd_horses_move() makes */
    herd_grid_move_cells(m, from, to);
    return HERD_OK;
}

static herd_move make_move(int from, int to)
{
    return herd_grid_move(herd_grid_cell(GRID, from), herd_grid_cell(GRID, to)); /* on the board */
}

/* An empty board of the state's size, every other cell OFF. */
static void clear_board(horses_state *s)
{
    memset(s->at, OFF, sizeof s->at);
    for (int r = 0; r < s->h; r++)
        memset(&s->at[herd_grid_index(GRID, r, 0)], 0, s->w);
}

static int corner_of(const horses_state *s, int side)
{
    return side == HERD_HORSES_GREEN ? herd_grid_index(GRID, 0, 0)
                                     : herd_grid_index(GRID, s->h - 1, s->w - 1);
}

/* The target corner of a side is the other side's home corner. */
static int target_of(const horses_state *s, int side)
{
    return corner_of(s, !side);
}

static int owner(uint8_t v)
{
    return v && v != OFF ? (v - 1) / MAX_N : -1;
}

/* The side's mask bit of the horse coded v; 0 for empty, OFF and the other
 * side (unsigned wrap-around makes those out of range). */
static horse_mask side_bit(uint8_t v, int side)
{
    unsigned i = (unsigned)v - 1u - (unsigned)(side * MAX_N);
    return i < MAX_N ? (horse_mask)(1u << i) : 0;
}

static int horse_index(uint8_t v)
{
    return (v - 1) % MAX_N;
}

/* The side's horses that stand a knight's move from cell, as a mask. */
static horse_mask neighbours_of_cell(const horses_state *s, int side, int cell)
{
    horse_mask m = 0;
    for (int k = 0; k < 8; k++)
        m |= side_bit(s->at[cell + jump[k]], side);
    return m;
}

/* ------------------------------------------------------ the herd's shape */

/* Horse i has just been placed: its pairs with the side's other horses. */
static void link_horse(herd_shape *sh, const uint16_t *pos, int n, int i)
{
    int at = pos[i];
    unsigned links = 0;
    for (int j = 0; j < n; j++) { /* j = i too: no jump lands on its own cell */
        unsigned to_j = pair_of(pos[j] - at), linked = (to_j >> 8 & 0xff) != 0;
        sh->near[i][j] = (uint8_t)to_j;
        sh->near[j][i] = (uint8_t)(to_j >> 16);
        links |= linked << j;
        sh->adj[j] = (horse_mask)((sh->adj[j] & ~(1u << i)) | linked << i);
    }
    sh->near[i][i] = 0; /* no pair with itself */
    sh->adj[i] = (horse_mask)links;
}

/* byte_masks[b]: each of the 8 bits of b as a byte of ones. */
#define BYTE_MASK(b)                                                                      \
    ((b)&1 ? UINT64_C(0xff) : 0) | ((b)&2 ? UINT64_C(0xff00) : 0) |                       \
        ((b)&4 ? UINT64_C(0xff0000) : 0) | ((b)&8 ? UINT64_C(0xff000000) : 0) |           \
        ((b)&16 ? UINT64_C(0xff00000000) : 0) | ((b)&32 ? UINT64_C(0xff0000000000) : 0) | \
        ((b)&64 ? UINT64_C(0xff000000000000) : 0) | ((b)&128 ? UINT64_C(0xff00000000000000) : 0)
#define BYTE_MASK4(b) BYTE_MASK(b), BYTE_MASK(b + 1), BYTE_MASK(b + 2), BYTE_MASK(b + 3)
#define BYTE_MASK16(b) BYTE_MASK4(b), BYTE_MASK4(b + 4), BYTE_MASK4(b + 8), BYTE_MASK4(b + 12)
#define BYTE_MASK64(b) BYTE_MASK16(b), BYTE_MASK16(b + 16), BYTE_MASK16(b + 32), BYTE_MASK16(b + 48)
static const uint64_t byte_masks[256] = {BYTE_MASK64(0), BYTE_MASK64(64), BYTE_MASK64(128),
                                         BYTE_MASK64(192)};

/* The OR of the bytes of x. */
static unsigned fold_bytes(uint64_t x)
{
    x |= x >> 32;
    x |= x >> 16;
    x |= x >> 8;
    return (unsigned)(x & 0xff);
}

/* The jumps of horse i that land a knight's move from a horse of `set`:
 * near[i] read in two words, byte j of a word being near[i][j] on any
 * machine (so byte_masks[] picks horse j's), the bytes of `set` kept,
 * folded into one. */
static inline unsigned near_set(const herd_shape *sh, int i, horse_mask set)
{
    uint64_t lo = herd_load_le64(sh->near[i]), hi = herd_load_le64(sh->near[i] + 8);
    return fold_bytes((lo & byte_masks[set & 0xff]) | (hi & byte_masks[set >> 8]));
}

/* The jumps of horse i that land a knight's move from any other horse. */
static inline unsigned near_any(const herd_shape *sh, int i)
{
    return fold_bytes(herd_load_le64(sh->near[i]) | herd_load_le64(sh->near[i] + 8));
}

/* keeps[] from adj[] and near[], by one depth-first walk of a herd that is
 * together (Tarjan's cut points). Without horse v the rest falls into
 * connected parts; a jump of v keeps the herd together exactly when it
 * lands a knight's move from a horse of every part. The parts are the
 * subtrees of the walk below v that reach no higher than v, and the rest
 * of the herd, when not empty, is one more. A horse that splits nothing
 * needs a knight's move from any other horse, and a leaf (one connection)
 * is such a horse, done without a step of the walk of its own. */
typedef struct shape_walk {
    const herd_shape *sh;
    uint8_t *keeps; /* written for horses 0..n-1 */
    horse_mask all;
    int clock;
    int order[MAX_N]; /* when the walk reached each horse, from 1; 0 not yet */
} shape_walk;

/* Walks on from horse v, reached from the horse `from` (a mask, 0 for
 * none): v's subtree into *sub, and the earliest horse that the subtree
 * reaches by a connection not in the walk. */
static int walk(shape_walk *w, int v, horse_mask from, horse_mask *sub)
{
    const herd_shape *sh = w->sh;
    int order = ++w->clock, low = order;
    horse_mask self = (horse_mask)(1u << v), mine = self, apart = 0;
    unsigned keeps = 0xff;
    w->order[v] = order;
    for (horse_mask next = sh->adj[v] & (horse_mask)~from; next; next &= (horse_mask)(next - 1)) {
        int u = herd_lowest_bit(next), seen = w->order[u];
        horse_mask bit = (horse_mask)(1u << u), below;
        if (seen) {
            low = seen < low ? seen : low;
            continue;
        }
        if (sh->adj[u] == self) { /* a leaf: a part of its own without v */
            w->order[u] = 1;      /* any order: nothing else reaches it */
            w->keeps[u] = (uint8_t)near_any(sh, u);
            keeps &= sh->near[v][u];
            apart |= bit;
            continue;
        }
        int reach = walk(w, u, self, &below);
        mine |= below;
        low = reach < low ? reach : low;
        if (reach >= order) { /* without v, that subtree is a part of its own */
            keeps &= near_set(sh, v, below);
            apart |= below;
        }
    }
    horse_mask other = w->all & (horse_mask) ~(apart | self);
    if (!apart)
        keeps = near_any(sh, v);
    else if (other)
        keeps &= near_set(sh, v, other);
    w->keeps[v] = (uint8_t)keeps;
    *sub = mine | apart; /* apart holds v's leaves too */
    return low;
}

static void shape_keeps(const herd_shape *sh, int n, uint8_t keeps[16])
{
    shape_walk w = {sh, keeps, (horse_mask)((1u << n) - 1), 0, {0}};
    horse_mask all;
    walk(&w, 0, 0, &all);
}

/* Brings a shape of the side up to date with its horses that moved:
 * their pairs, then keeps[]. */
static void catch_up(herd_shape *sh, const horses_state *s, int side)
{
    for (horse_mask m = s->moved[side]; m; m &= (horse_mask)(m - 1))
        link_horse(sh, s->pos[side], s->n, herd_lowest_bit(m));
    shape_keeps(sh, s->n, sh->keeps);
}

static void refresh_shape(horses_state *s, int side)
{
    if (s->moved[side]) {
        catch_up(&s->shape[side], s, side);
        s->moved[side] = 0;
    }
}

/* The side's keeps[]: the one kept, or when the shape is behind, that of
 * an up-to-date copy in `fresh`, the state being read only. */
static const uint8_t *keeps_of(const horses_state *s, int side, herd_shape *fresh)
{
    if (!s->moved[side])
        return s->shape[side].keeps;
    *fresh = s->shape[side];
    catch_up(fresh, s, side);
    return fresh->keeps;
}

/* The jumps from `cell` that land on a horse or off the board. */
static uint8_t blocked_from(const horses_state *s, int cell)
{
    unsigned m = 0;
    for (int k = 0; k < 8; k++)
        m |= (unsigned)(s->at[cell + jump[k]] != 0) << k;
    return (uint8_t)m;
}

/* Both herds' shapes and every horse's blocked jumps from scratch, for a
 * position set up or read. */
static void build_shapes(horses_state *s)
{
    memset(s->shape, 0, sizeof s->shape);
    memset(s->moved, 0, sizeof s->moved);
    memset(s->blocked, 0, sizeof s->blocked);
    for (int side = 0; side < 2; side++) {
        for (int i = 0; i < s->n; i++) {
            link_horse(&s->shape[side], s->pos[side], s->n, i);
            s->blocked[side * MAX_N + i + 1] = blocked_from(s, s->pos[side][i]);
        }
        shape_keeps(&s->shape[side], s->n, s->shape[side].keeps);
    }
}

/* The jumps of horse i of the side that are legal now, from the side's
 * keeps[] (keeps_of()). */
static unsigned jumps_of(const horses_state *s, const uint8_t *keeps, int side, int i)
{
    return keeps[i] & ~(unsigned)s->blocked[side * MAX_N + i + 1];
}

/* Whether horse i of the side may jump to `to`, a knight's move away. */
static int may_jump(const horses_state *s, int side, int i, int to)
{
    herd_shape fresh;
    const uint8_t *keeps = keeps_of(s, side, &fresh);
    return (jumps_of(s, keeps, side, i) & pair_of(to - s->pos[side][i]) >> 8 & 0xff) != 0;
}

/* Lists the side's legal moves into buf, in the order of horses and then
 * of jumps, and returns their number. */
static size_t side_moves(const horses_state *s, int side, herd_move *buf)
{
    herd_shape fresh;
    const uint8_t *kept = keeps_of(s, side, &fresh);
    size_t n = 0;
    for (int i = 0; i < s->n; i++) {
        int from = s->pos[side][i];
        for (unsigned m = jumps_of(s, kept, side, i); m; m &= m - 1)
            buf[n++] = make_move(from, from + jump[herd_lowest_bit(m)]);
    }
    return n;
}

/* The number of the side's legal moves: the jumps of its horses as the
 * bytes of two words, bits counted eight bytes at a time (the words of
 * blocked[] run on past the side's horses, where keeps[] is 0). */
static size_t count_moves(const horses_state *s, int side)
{
    herd_shape fresh;
    const uint8_t *keeps = keeps_of(s, side, &fresh), *blocked = &s->blocked[side * MAX_N + 1];
    return (size_t)(herd_bit_count(herd_load_le64(keeps) & ~herd_load_le64(blocked)) +
                    herd_bit_count(herd_load_le64(keeps + 8) & ~herd_load_le64(blocked + 8)));
}

static int has_move(const horses_state *s, int side)
{
    herd_shape fresh;
    const uint8_t *keeps = keeps_of(s, side, &fresh);
    for (int i = 0; i < s->n; i++)
        if (jumps_of(s, keeps, side, i))
            return 1;
    return 0;
}

/* Whether the side's herd is connected, from its shape. */
static int together(const horses_state *s, int side)
{
    const horse_mask *adj = s->shape[side].adj;
    horse_mask all = (horse_mask)((1u << s->n) - 1), part = 1, frontier = 1;
    while (frontier) {
        horse_mask next = 0;
        for (; frontier; frontier &= (horse_mask)(frontier - 1))
            next |= adj[herd_lowest_bit(frontier)];
        frontier = next & all & (horse_mask)~part;
        part |= frontier;
    }
    return part == all;
}

static size_t horses_legal(const void *state, herd_move *buf)
{
    const horses_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return side_moves(s, s->head.side, buf);
}

/* perft's listing of a state about to be copied into its children: both
 * sides' shapes brought up to date first, so that the children share
 * them. */
static size_t horses_search_legal(void *state, herd_move *buf)
{
    horses_state *s = state;
    refresh_shape(s, HERD_HORSES_GREEN);
    refresh_shape(s, HERD_HORSES_RED);
    return horses_legal(s, buf);
}

static size_t horses_count(const void *state)
{
    const horses_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    return count_moves(s, s->head.side);
}

/* Sets the status from the position: a horse on its target corner wins,
 * else the side to move without a move loses (looked for only when
 * check_moves is set). */
static void update_status(horses_state *s, int to_move, int check_moves)
{
    herd_head_set_ongoing(&s->head, to_move); /* an ended game still names the next side */
    for (int side = 0; side < 2; side++) {
        uint8_t v = s->at[target_of(s, side)];
        if (v && owner(v) == side) {
            herd_head_set_win(&s->head, side, HERD_REASON_CORNER);
            return;
        }
    }
    if (check_moves && !has_move(s, to_move))
        herd_head_set_win(&s->head, !to_move, HERD_REASON_NO_MOVES);
}

/* Moves a horse, leaving its herd's shape behind (moved[]). The horses
 * around `from` may now jump there, those around `to` not (jump 7 - k
 * undoes jump k). */
static void move_horse(horses_state *s, int from, int to)
{
    uint8_t v = s->at[from];
    int side = owner(v), i = horse_index(v);
    s->at[from] = 0;
    s->at[to] = v;
    s->pos[side][i] = (uint16_t)to;
    for (int k = 0; k < 8; k++) {
        unsigned was = s->at[from + jump[k]], now = s->at[to + jump[k]];
        s->blocked[was - 1u < 2 * MAX_N ? was : (unsigned)(1 + 2 * MAX_N + k)] &=
            (uint8_t) ~(1u << (7 - k));
        s->blocked[now - 1u < 2 * MAX_N ? now : (unsigned)(1 + 2 * MAX_N + 8 + k)] |=
            (uint8_t)(1u << (7 - k));
    }
    s->blocked[v] = blocked_from(s, to);
    memset(&s->blocked[1 + 2 * MAX_N], 0, 16);
    s->moved[side] |= (horse_mask)(1u << i);
}

static void play_move(horses_state *s, herd_move m, int check_moves)
{
    herd_cell a, b;
    int side = s->head.side;
    herd_grid_move_cells(m, &a, &b);
    move_horse(s, herd_grid_index(GRID, a.row, a.col), herd_grid_index(GRID, b.row, b.col));
    s->last[side] = m;
    s->head.ply++;
    update_status(s, !side, check_moves);
}

static void horses_play(void *state, herd_move m)
{
    horses_state *s = state;
    int side = s->head.side;
    play_move(s, m, 1);
    refresh_shape(s, side);
}

/* perft's move: the mover's shape is left behind, since at perft's last
 * ply nothing reads it (the count is of the other side's moves); the
 * listing of a state with children brings it up to date once for them
 * all (horses_search_legal()). */
static void horses_search_play(void *state, herd_move m)
{
    play_move(state, m, 0);
}

static int horses_apply(void *state, herd_move m, herd_msg msg)
{
    horses_state *s = state;
    int side = s->head.side;
    herd_cell a, b;
    char fa[HERD_CELL_NAME_SIZE],
        fb[HERD_CELL_NAME_SIZE]; /* named only for a refusal: the accepted path formats nothing */
    if (m >> 32)
        return herdi_fail(msg, HERD_E_ILLEGAL, "not a Herd of Horses move");
    herd_grid_move_cells(m, &a, &b);
    if (!herd_grid_inside(s->w, s->h, a))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is off the board", herdi_cell_name(fa, a));
    int from = herd_grid_index(GRID, a.row, a.col);
    uint8_t v = s->at[from];
    if (!v || owner(v) != side)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s has no %s horse", herdi_cell_name(fa, a),
                          side_name[side]);
    int dr = b.row - a.row, dc = b.col - a.col;
    if (dr * dr + dc * dc != 5)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s-%s is not a knight's move",
                          herdi_cell_name(fa, a), herdi_cell_name(fb, b));
    if (!herd_grid_inside(s->w, s->h, b))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is off the board", herdi_cell_name(fb, b));
    int to = herd_grid_index(GRID, b.row, b.col);
    if (s->at[to])
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is occupied", herdi_cell_name(fb, b));
    if (!may_jump(s, side, horse_index(v), to))
        return herdi_fail(msg, HERD_E_ILLEGAL, "the herd would split");
    horses_play(s, m);
    return HERD_OK;
}

/* -------------------------------------------------------- start placement */

/* Places the horses: horse 1 of each side on its home corner, then horses
 * 2..n alternately for Green and Red, each on a cell drawn uniformly from the
 * empty cells of its side's 6x6 corner box (scanned row by row) that are a
 * knight's move from a horse of its side already placed. A placement that
 * runs out of cells, or leaves a side without a move, is drawn again with
 * the generator as it stands, so the result depends on (w, h, n, seed) only. */
static int place_once(horses_state *s)
{
    clear_board(s);
    for (int side = 0; side < 2; side++) {
        int c = corner_of(s, side);
        s->at[c] = (uint8_t)(side * MAX_N + 1);
        s->pos[side][0] = (uint16_t)c;
    }
    for (int i = 1; i < s->n; i++) {
        for (int side = 0; side < 2; side++) {
            int r0 = side ? s->h - BOX : 0, c0 = side ? s->w - BOX : 0;
            uint16_t cand[BOX * BOX];
            uint32_t count = 0;
            for (int r = r0; r < r0 + BOX; r++)
                for (int c = c0; c < c0 + BOX; c++) {
                    int cell = herd_grid_index(GRID, r, c);
                    if (!s->at[cell] && neighbours_of_cell(s, side, cell))
                        cand[count++] = (uint16_t)cell;
                }
            if (count == 0)
                return 0;
            int cell = cand[herdi_rng_below(&s->head.rng, count)];
            s->at[cell] = (uint8_t)(side * MAX_N + i + 1);
            s->pos[side][i] = (uint16_t)cell;
        }
    }
    build_shapes(s);
    return has_move(s, HERD_HORSES_GREEN) && has_move(s, HERD_HORSES_RED);
}

static int place_start(horses_state *s, herd_msg msg)
{
    for (int attempt = 0; attempt < 100000; attempt++)
        if (place_once(s))
            return HERD_OK;
    return herdi_fail(msg, HERD_E_STATE, "no start placement found"); /* never seen */
}

enum { OPT_W, OPT_H, OPT_N };

static const herd_option_desc horses_options[] = {
    {"w", HERD_OPTION_RANGE, HERD_HORSES_MIN_WIDTH, HERD_HORSES_MAX_WIDTH, NULL, 0,
     HERD_HORSES_DEFAULT_WIDTH, NULL, "the board's width, its columns"},
    {"h", HERD_OPTION_RANGE, HERD_HORSES_MIN_HEIGHT, HERD_HORSES_MAX_HEIGHT, NULL, 0,
     HERD_HORSES_DEFAULT_HEIGHT, NULL, "the board's height, its rows"},
    {"n", HERD_OPTION_RANGE, HERD_HORSES_MIN_HORSES, HERD_HORSES_MAX_HORSES, NULL, 0,
     HERD_HORSES_DEFAULT_HORSES, NULL, "the horses of each side"},
    HERD_SEED_OPTION,
};

static int horses_init(void *state, const herd_option_values *opt, herd_msg msg)
{
    horses_state *s = state;
    s->w = (uint8_t)opt->number[OPT_W];
    s->h = (uint8_t)opt->number[OPT_H];
    s->n = (uint8_t)opt->number[OPT_N];
    int rc = place_start(s, msg);
    if (rc == HERD_OK)
        herd_head_set_ongoing(&s->head, HERD_HORSES_GREEN);
    return rc;
}

/* The options init() was given, but the seed (rules' options_of). */
static void horses_given_options(const void *state, herd_option_values *v)
{
    const horses_state *s = state;
    v->number[0] = (uint64_t)s->w;
    v->number[1] = (uint64_t)s->h;
    v->number[2] = (uint64_t)s->n;
}

/* The versions of herd_horses_options (internal.h). */
HERD_VERSIONS(horses_versions, herd_horses_options, HERD_HORSES_OPTIONS_VERSION,
              sizeof(herd_horses_options));

/* The rules of this game, at the end of this file; lib/games.c lists them. */
extern const herd_rules herdi_horses_rules;

/* The typed calls of herd/horses.h, from the fields of herd_horses_options. */
static const herd_typed_field horses_fields[] = {
    {"w", offsetof(herd_horses_options, width), HERD_FIELD_INT},
    {"h", offsetof(herd_horses_options, height), HERD_FIELD_INT},
    {"n", offsetof(herd_horses_options, horses), HERD_FIELD_INT},
    {"seed", offsetof(herd_horses_options, seed), HERD_FIELD_U64},
};
HERD_TYPED_CALLS(horses, HERD_HORSES_OPTIONS_INIT)

/* -------------------------------------------------------------- text */

static void write_cells(const horses_state *s, int side, herd_sb *sb)
{
    for (int i = 0; i < s->n; i++) {
        if (i)
            herdi_sb_putc(sb, ',');
        herd_cell c = herd_grid_cell(GRID, s->pos[side][i]);
        herdi_sb_cell(sb, c.row, c.col);
    }
}

static void horses_write_position(const void *state, herd_sb *sb)
{
    const horses_state *s = state;
    herdi_sb_printf(sb, "horses w=%d h=%d turn=%s green=", s->w, s->h, side_name[s->head.side]);
    write_cells(s, HERD_HORSES_GREEN, sb);
    herdi_sb_puts(sb, " red=");
    write_cells(s, HERD_HORSES_RED, sb);
}

/* Reads "a1,b3,..." into cells; returns the count or -1 when malformed. */
static int scan_cells(herd_scan *sc, herd_cell *cells, int max)
{
    int n = 0;
    do {
        if (n == max + 1 || !herdi_scan_cell(sc, &cells[n].row, &cells[n].col))
            return -1;
        n++;
    } while (herdi_scan_lit(sc, ","));
    return n;
}

static int horses_read_position(void *state, const char *text, herd_msg msg)
{
    horses_state *s = state;
    herd_scan sc = {text};
    uint64_t w, h;
    herd_cell cells[2][MAX_N + 1];
    int count[2], turn;
    if (!herdi_scan_lit(&sc, "horses w=") || !herdi_scan_uint(&sc, 999, &w) ||
        !herdi_scan_lit(&sc, " h=") || !herdi_scan_uint(&sc, 999, &h) ||
        !herdi_scan_lit(&sc, " turn="))
        return herdi_fail(msg, HERD_E_PARSE,
                          "expected 'horses w=W h=H turn=SIDE green=CELLS red=CELLS'");
    if (herdi_scan_lit(&sc, "green"))
        turn = HERD_HORSES_GREEN;
    else if (herdi_scan_lit(&sc, "red"))
        turn = HERD_HORSES_RED;
    else
        return herdi_fail(msg, HERD_E_PARSE, "turn must be green or red");
    if (!herdi_scan_lit(&sc, " green=") || (count[0] = scan_cells(&sc, cells[0], MAX_N)) < 0 ||
        !herdi_scan_lit(&sc, " red=") || (count[1] = scan_cells(&sc, cells[1], MAX_N)) < 0 ||
        !herdi_scan_end(&sc))
        return herdi_fail(msg, HERD_E_PARSE,
                          "expected 'horses w=W h=H turn=SIDE green=CELLS red=CELLS'");
    if (w < HERD_HORSES_MIN_WIDTH || w > MAX_W)
        return herdi_fail(msg, HERD_E_POSITION, "w=%d is out of range 8..30", (int)w);
    if (h < HERD_HORSES_MIN_HEIGHT || h > MAX_H)
        return herdi_fail(msg, HERD_E_POSITION, "h=%d is out of range 8..20", (int)h);
    if (count[0] != count[1])
        return herdi_fail(msg, HERD_E_POSITION, "green has %d horses and red %d", count[0],
                          count[1]);
    if (count[0] < HERD_HORSES_MIN_HORSES || count[0] > MAX_N)
        return herdi_fail(msg, HERD_E_POSITION, "%d %s a side is out of range 4..10", count[0],
                          count[0] == 1 ? "horse" : "horses");
    s->w = (uint8_t)w;
    s->h = (uint8_t)h;
    s->n = (uint8_t)count[0];
    clear_board(s);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < s->n; i++) {
            herd_cell c = cells[side][i];
            char name[HERD_CELL_NAME_SIZE];
            herdi_cell_name(name, c);
            if (!herd_grid_inside(s->w, s->h, c))
                return herdi_fail(msg, HERD_E_POSITION, "%s is off the board", name);
            int cell = herd_grid_index(GRID, c.row, c.col);
            if (s->at[cell])
                return herdi_fail(msg, HERD_E_POSITION, "%s holds two horses", name);
            s->at[cell] = (uint8_t)(side * MAX_N + i + 1);
            s->pos[side][i] = (uint16_t)cell;
        }
    build_shapes(s);
    for (int side = 0; side < 2; side++)
        if (!together(s, side))
            return herdi_fail(msg, HERD_E_POSITION, "the %s herd is not together", side_name[side]);
    uint8_t g = s->at[target_of(s, HERD_HORSES_GREEN)], r = s->at[target_of(s, HERD_HORSES_RED)];
    if (g && owner(g) == HERD_HORSES_GREEN && r && owner(r) == HERD_HORSES_RED)
        return herdi_fail(msg, HERD_E_POSITION, "both sides stand on their target corners");
    s->last[0] = s->last[1] = 0;
    s->head.ply = 0;
    update_status(s, turn, 1);
    return HERD_OK;
}

/* Reads into a fresh state, the generator going on as it was, and keeps it
 * only when the whole text is accepted. */
static int horses_write_move(const void *state, herd_move m, herd_sb *sb)
{
    (void)state;
    return herdi_grid_write_move(m, sb);
}

static int horses_read_move(const void *state, const char *text, herd_move *m, herd_msg msg)
{
    (void)state;
    return herdi_grid_read_move(text, m, "a3-b5", msg);
}

static char horse_digit(uint8_t v)
{
    return (char)('0' + (horse_index(v) + 1) % 10);
}

static void horses_show(const void *state, herd_sb *sb)
{
    const horses_state *s = state;
    herdi_sb_puts(sb, "   ");
    for (int c = 0; c < s->w; c++)
        herdi_sb_printf(sb, "%3d", c + 1);
    herdi_sb_putc(sb, '\n');
    for (int r = 0; r < s->h; r++) {
        herdi_sb_printf(sb, "%2c ", 'a' + r);
        for (int c = 0; c < s->w; c++) {
            uint8_t v = s->at[herd_grid_index(GRID, r, c)];
            if (v)
                herdi_sb_printf(sb, " %c%c", owner(v) ? 'R' : 'G', horse_digit(v));
            else
                herdi_sb_puts(sb, "  .");
        }
        herdi_sb_putc(sb, '\n');
    }
    if (s->head.result == HERD_ONGOING) {
        herdi_sb_side_label(sb, side_name[s->head.side], 0);
        herdi_sb_puts(sb, " to move");
    }
}

/* ------------------------------------------------------- the computer */

/* The seed's computer player: a horse drawn uniformly among those with a
 * move other than "straight back" (undoing this side's previous move), then
 * one of that horse's other moves uniformly. Straight back only when it is
 * the only move. */
static herd_move horses_genmove(void *state, int level)
{
    horses_state *s = state;
    herd_move moves[HERD_HORSES_MAX_MOVES];
    (void)level;
    int side = s->head.side;
    size_t n = side_moves(s, side, moves);
    herd_cell a, b;
    herd_grid_move_cells(s->last[side], &a, &b);
    herd_move back = s->last[side] ? herd_grid_move(b, a) : 0;
    /* Moves come grouped by horse: count the horses with a choice. */
    size_t first[MAX_N + 1];
    int horses = 0;
    herd_move prev_from = ~(herd_move)0;
    for (size_t i = 0; i < n; i++) {
        if (moves[i] == back)
            continue;
        if ((moves[i] & 0xffff) != prev_from) {
            first[horses++] = i;
            prev_from = moves[i] & 0xffff;
        }
    }
    if (horses == 0)
        return back;
    size_t start = first[herdi_rng_below(&s->head.rng, (uint32_t)horses)];
    herd_move choice[8];
    uint32_t k = 0;
    for (size_t i = start; i < n && (moves[i] & 0xffff) == (moves[start] & 0xffff); i++)
        if (moves[i] != back)
            choice[k++] = moves[i];
    return choice[herdi_rng_below(&s->head.rng, k)];
}

/* ------------------------------------------------------- saved games */

/* What the position text does not carry: each side's previous move, the
 * computer player's memory for "straight back". */
static void horses_write_save(const void *state, herd_sb *sb)
{
    const horses_state *s = state;
    herdi_sb_puts(sb, " last=");
    for (int side = 0; side < 2; side++) {
        if (side)
            herdi_sb_putc(sb, ',');
        if (!s->last[side] || horses_write_move(s, s->last[side], sb) != HERD_OK)
            herdi_sb_putc(sb, '-');
    }
}

/* A side's previous move is a knight's move on the board whose landing cell
 * still holds that side's horse: no other move of the side came since. */
static int read_last(const horses_state *s, herd_scan *sc, int side, herd_move *m, herd_msg msg)
{
    herd_cell a, b;
    char fa[HERD_CELL_NAME_SIZE], fb[HERD_CELL_NAME_SIZE];
    *m = 0;
    if (herdi_scan_lit(sc, "-"))
        return HERD_OK;
    if (!herdi_scan_cell(sc, &a.row, &a.col) || !herdi_scan_lit(sc, "-") ||
        !herdi_scan_cell(sc, &b.row, &b.col))
        return herdi_fail(msg, HERD_E_PARSE, "last must be two moves FROM-TO or -, e.g. a1-b3,-");
    int dr = b.row - a.row, dc = b.col - a.col;
    if (!herd_grid_inside(s->w, s->h, a) || !herd_grid_inside(s->w, s->h, b) ||
        dr * dr + dc * dc != 5 || owner(s->at[herd_grid_index(GRID, b.row, b.col)]) != side)
        return herdi_fail(msg, HERD_E_POSITION, "last: %s-%s is not %s's previous move here",
                          herdi_cell_name(fa, a), herdi_cell_name(fb, b), side_name[side]);
    *m = herd_horses_move(a, b);
    return HERD_OK;
}

static int horses_read_save(void *state, herd_scan *sc, herd_msg msg)
{
    horses_state *s = state;
    herd_move last[2];
    if (!herdi_scan_lit(sc, " last="))
        return herdi_fail(msg, HERD_E_PARSE, "expected ' last=MOVE,MOVE' in a horses save");
    int rc = read_last(s, sc, HERD_HORSES_GREEN, &last[0], msg);
    if (rc == HERD_OK && !herdi_scan_lit(sc, ","))
        rc = herdi_fail(msg, HERD_E_PARSE, "last must be two moves FROM-TO or -, e.g. a1-b3,-");
    if (rc == HERD_OK)
        rc = read_last(s, sc, HERD_HORSES_RED, &last[1], msg);
    if (rc != HERD_OK)
        return rc;
    s->last[0] = last[0];
    s->last[1] = last[1];
    return HERD_OK;
}

/* ------------------------------------------------------- for search */

/* The knight distance from a cell to a corner of the board, in closed form:
 * the distance on an unbounded board, except next to the corner diagonally
 * (4, not 2). It equals knight_distance()'s search on every board size the
 * game allows (8..30 by 8..20), at a fraction of the cost. */
static int corner_distance(int from, int to)
{
    herd_cell a = herd_grid_cell(GRID, from), b = herd_grid_cell(GRID, to);
    int dx = a.row > b.row ? a.row - b.row : b.row - a.row;
    int dy = a.col > b.col ? a.col - b.col : b.col - a.col;
    if (dx < dy) {
        int t = dx;
        dx = dy;
        dy = t;
    }
    if (dx == 1 && dy == 0)
        return 3;
    if (dx == 2 && dy == 2)
        return 4;
    if (dx == 1 && dy == 1)
        return 4; /* the corner leaves no way round */
    int d = (dx + 1) / 2 > (dx + dy + 2) / 3 ? (dx + 1) / 2 : (dx + dy + 2) / 3;
    return d + (d + dx + dy) % 2; /* a knight's move changes the colour */
}

/* How far a side is from winning: its closest horse's distance to the
 * target, weighted above the whole herd's, which must travel together (the
 * sum, not the mean: every horse's step forward counts). */
static int race_distance(const horses_state *s, int side)
{
    int target = target_of(s, side), best = 1000, sum = 0;
    for (int i = 0; i < s->n; i++) {
        int d = corner_distance(s->pos[side][i], target);
        sum += d;
        if (d < best)
            best = d;
    }
    return 4 * s->n * best + sum;
}

/* Room to move: a side without a move loses, so a herd with its last few
 * moves is in danger; beyond that, more moves are no better for the plain
 * evaluation (weighing them kept herds shuffling instead of going forward).
 * `moves` is the side's count_moves(). */
static int mobility(int moves)
{
    return moves < 4 ? 16 * (moves - 4) : 0;
}

/* The evaluations (herd_level.eval): the plain one, and master's, which
 * also squeezes: a horse holding a corner is beaten only by leaving its herd
 * no move, so every move the side to act has, up to SQUEEZE_CAP, counts
 * SQUEEZE_WEIGHT points for it and every move of the other side's against
 * it. The cap keeps a herd with moves to spare going forward. */
enum { HORSES_EVAL_PLAIN, HORSES_EVAL_SQUEEZE };
#define SQUEEZE_WEIGHT 2
#define SQUEEZE_CAP 16

static int squeeze(int moves)
{
    return SQUEEZE_WEIGHT * (moves < SQUEEZE_CAP ? moves : SQUEEZE_CAP);
}

/* An evaluation that a win is certain: above any race, below the search's
 * scores of wins it has seen. */
#define SURE_WIN 4000

/* How many of the side's horses could jump onto `cell` now. */
static int jumps_onto(const horses_state *s, int side, int cell)
{
    int count = 0;
    for (int k = 0; k < 8; k++) {
        uint8_t v = s->at[cell + jump[k]];
        if (owner(v) == side && may_jump(s, side, (v - 1) % MAX_N, cell))
            count++;
    }
    return count;
}

/* For the side to act: a win next move, a win of the other side's that it
 * cannot stop, else the race (the opponent's distance less its own) and the
 * room to move. A corner is won only from its two knight neighbours, so
 * the one way to stop a horse that can jump onto it is to get there first.
 * The squeezing evaluation adds the count of moves (squeeze()). */
static int horses_evaluate(const void *state, unsigned eval, const void *table)
{
    (void)table;
    const horses_state *s = state;
    int me = s->head.side, mine = target_of(s, me), theirs = target_of(s, !me);
    if (jumps_onto(s, me, mine))
        return SURE_WIN;
    if (jumps_onto(s, !me, theirs) && !jumps_onto(s, me, theirs))
        return -SURE_WIN;
    int my_moves = (int)count_moves(s, me), their_moves = (int)count_moves(s, !me);
    int v = race_distance(s, !me) - race_distance(s, me) + mobility(my_moves) -
            mobility(their_moves);
    if (eval == HORSES_EVAL_SQUEEZE)
        v += squeeze(my_moves) - squeeze(their_moves);
    return v;
}

/* Straight back: the side's previous move undone. */
static int horses_repeats(const void *state, herd_move m)
{
    const horses_state *s = state;
    herd_move last = s->last[s->head.side];
    herd_cell a, b;
    herd_grid_move_cells(last, &a, &b);
    return last && m == herd_grid_move(b, a);
}

/* Which side stands on which cell, and who is to move; not which horse
 * (numbers do not change what can happen) nor the computer's memory. */
static uint64_t horses_hash(const void *state)
{
    const horses_state *s = state;
    uint64_t h = herdi_zobrist(2 * CELLS + s->head.side);
    for (int side = 0; side < 2; side++)
        for (int i = 0; i < s->n; i++)
            h ^= herdi_zobrist((uint64_t)side * CELLS + s->pos[side][i]);
    return h;
}

static const herd_level horses_levels[] = {
    /* For players (docs/levels.md has the searches): a move is one
     * horse's jump, a ply of the search. */
    {"random", "a random horse and jump, never straight back unless forced", HERD_LEVEL_OWN, 0, 0,
     0},
    {"novice", "the jump that brings its herd closest to the target corner", HERD_LEVEL_ALPHABETA,
     1, 1000, 0},
    {"club", "looks 5 moves ahead, weighing up to 50,000 positions", HERD_LEVEL_ALPHABETA, 5, 50000,
     0},
    {"expert", "looks up to 9 moves ahead, weighing up to a million positions",
     HERD_LEVEL_ALPHABETA, 9, 1000000, HORSES_EVAL_PLAIN},
    /* Its leaves also count each side's moves, to squeeze a herd that
     * holds (guards) a corner. */
    {"master", "up to 12 moves ahead in 4 million positions, hemming foes in", HERD_LEVEL_ALPHABETA,
     12, 4000000, HORSES_EVAL_SQUEEZE},
};

/* ---------------------------------------------------- for learning */

/* Eight planes over the board, one per jump in jump[]'s order: action
 * (k * h + row) * w + col is the jump k from (row, col), also where it
 * would leave the board (never legal). docs/horses.md draws them. */
static size_t horses_num_actions(const void *state)
{
    const horses_state *s = state;
    return 8u * s->w * s->h;
}

static herd_cell jump_step(int k)
{
    return herd_grid_step(GRID, jump[k], 2);
}

static int horses_action_index(const void *state, herd_move m, size_t *index)
{
    const horses_state *s = state;
    herd_cell a, b;
    if (m >> 32)
        return HERD_E_ARG;
    herd_grid_move_cells(m, &a, &b);
    int dc = b.col - a.col, offset = (b.row - a.row) * STRIDE + dc;
    if (!herd_grid_inside(s->w, s->h, a) || dc < -2 || dc > 2)
        return HERD_E_ARG;
    for (int k = 0; k < 8; k++)
        if (offset == jump[k]) { /* one offset per (rows, columns) within two columns */
            *index = herd_plane_action(s->w, s->h, k, a);
            return HERD_OK;
        }
    return HERD_E_ARG;
}

static herd_move horses_action_move(const void *state, size_t index)
{
    const horses_state *s = state;
    herd_cell a;
    herd_cell d = jump_step(herd_plane_action_cell(s->w, s->h, index, &a));
    return herd_horses_move(a, (herd_cell){a.row + d.row, a.col + d.col});
}

/* horses_legal()'s actions as indices, in side_moves()' order. */
static size_t horses_legal_indices(const void *state, uint16_t *buf)
{
    const horses_state *s = state;
    if (s->head.result != HERD_ONGOING)
        return 0;
    int side = s->head.side;
    herd_shape fresh;
    const uint8_t *keeps = keeps_of(s, side, &fresh);
    size_t n = 0, cells = (size_t)s->w * (size_t)s->h;
    for (int i = 0; i < s->n; i++) {
        size_t at = herd_plane_action(s->w, s->h, 0, herd_grid_cell(GRID, s->pos[side][i]));
        for (unsigned m = jumps_of(s, keeps, side, i); m; m &= m - 1)
            buf[n++] = (uint16_t)(at + cells * (size_t)herd_lowest_bit(m));
    }
    return n;
}

enum { OBS_MINE, OBS_THEIRS, OBS_TARGET, OBS_TO_ACT, OBS_PLANES };

static void horses_observation_shape(const void *state, size_t shape[3])
{
    const horses_state *s = state;
    shape[0] = OBS_PLANES;
    shape[1] = s->h;
    shape[2] = s->w;
}

/* The side's horses, the other side's, the side's target corner, and
 * whether the side is to move. */
static void horses_observe(const void *state, int side, float *buf)
{
    const horses_state *s = state;
    herd_planes o = {buf, s->h, s->w};
    for (int who = 0; who < 2; who++)
        for (int i = 0; i < s->n; i++) {
            herd_cell c = herd_grid_cell(GRID, s->pos[who == 0 ? side : !side][i]);
            herd_plane_set(o, who == 0 ? OBS_MINE : OBS_THEIRS, c.row, c.col, 1.0f);
        }
    herd_cell t = herd_grid_cell(GRID, target_of(s, side));
    herd_plane_set(o, OBS_TARGET, t.row, t.col, 1.0f);
    if (s->head.result == HERD_ONGOING && s->head.side == side)
        herd_plane_fill(o, OBS_TO_ACT, 1.0f);
}

/* ---------------------------------------------------- typed queries */

static const horses_state *horses_of(const herd_game *g)
{
    return herdi_game_state(g, HERD_HORSES);
}

int herd_horses_horse(const herd_game *g, int side, int number, herd_cell *cell)
{
    const horses_state *s = horses_of(g);
    if (!s || !cell || side < 0 || side > 1 || number < 1 || number > s->n)
        return HERD_E_ARG;
    *cell = herd_grid_cell(GRID, s->pos[side][number - 1]);
    return HERD_OK;
}

int herd_horses_at(const herd_game *g, herd_cell cell, int *side, int *number)
{
    const horses_state *s = horses_of(g);
    if (!s || !herd_grid_inside(s->w, s->h, cell))
        return HERD_E_ARG;
    uint8_t v = s->at[herd_grid_index(GRID, cell.row, cell.col)];
    if (side)
        *side = owner(v);
    if (number)
        *number = v ? horse_index(v) + 1 : 0;
    return HERD_OK;
}

int herd_horses_together(const herd_game *g, int side, int *is_together)
{
    const horses_state *s = horses_of(g);
    if (!s || !is_together || side < 0 || side > 1)
        return HERD_E_ARG;
    *is_together = together(s, side);
    return HERD_OK;
}

int herd_horses_lines(const herd_game *g, int side, herd_horses_line *buf, size_t cap,
                      size_t *count)
{
    const horses_state *s = horses_of(g);
    if (!s || side < 0 || side > 1 || (!buf && cap))
        return HERD_E_ARG;
    const horse_mask *adj = s->shape[side].adj;
    size_t n = 0;
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n; j++)
            n += adj[i] >> j & 1;
    herd_set_len(count, n);
    if (cap < n)
        return HERD_E_BUFFER;
    n = 0;
    for (int i = 0; i < s->n; i++)
        for (int j = i + 1; j < s->n; j++)
            if (adj[i] >> j & 1) {
                buf[n].a = i + 1;
                buf[n].b = j + 1;
                n++;
            }
    return HERD_OK;
}

/* Knight distance between two cells on the empty board, by breadth-first
 * search (a few hundred cells at most). */
static int knight_distance(const horses_state *s, int from, int to)
{
    uint16_t queue[CELLS];
    int16_t dist[CELLS];
    size_t head = 0, tail = 0;
    for (int i = 0; i < CELLS; i++)
        dist[i] = -1;
    dist[from] = 0;
    queue[tail++] = (uint16_t)from;
    while (head < tail) {
        int cell = queue[head++];
        if (cell == to)
            return dist[cell];
        for (int k = 0; k < 8; k++) {
            int next = cell + jump[k];
            if (s->at[next] != OFF && dist[next] < 0) {
                dist[next] = (int16_t)(dist[cell] + 1);
                queue[tail++] = (uint16_t)next;
            }
        }
    }
    return -1; /* unreachable: every board here is at least 8x8 */
}

int herd_horses_progress(const herd_game *g, int side, int *distance, int *parts)
{
    const horses_state *s = horses_of(g);
    if (!s || side < 0 || side > 1)
        return HERD_E_ARG;
    if (distance) {
        int best = -1;
        for (int i = 0; i < s->n; i++) {
            int d = knight_distance(s, s->pos[side][i], target_of(s, side));
            if (best < 0 || d < best)
                best = d;
        }
        *distance = best;
    }
    if (parts)
        *parts = knight_distance(s, corner_of(s, HERD_HORSES_GREEN), corner_of(s, HERD_HORSES_RED));
    return HERD_OK;
}

/* One line of the moves log: move `number` (from 1) took horse v from a to b. */
typedef struct {
    unsigned long long number;
    uint8_t v;
    herd_cell a, b;
} log_entry;

static void write_log_line(herd_sb *sb, const log_entry *e)
{
    herdi_sb_printf(sb, "%llu. ", e->number);
    herdi_sb_side_label(sb, side_name[owner(e->v)], 0);
    herdi_sb_printf(sb, " moved horse %c: ", horse_digit(e->v));
    herdi_sb_cell(sb, e->a.row, e->a.col);
    herdi_sb_puts(sb, " -> ");
    herdi_sb_cell(sb, e->b.row, e->b.col);
}

/* Measures the line first, so that a short buffer is left untouched. */
static int put_log_line(const log_entry *e, char *buf, size_t cap, size_t *len)
{
    herd_sb sb;
    herdi_sb_init(&sb, NULL, 0);
    write_log_line(&sb, e);
    herd_set_len(len, sb.len);
    if (sb.len >= cap)
        return HERD_E_BUFFER;
    herdi_sb_init(&sb, buf, cap);
    write_log_line(&sb, e);
    return HERD_OK;
}

int herd_horses_log_line(const herd_game *g, unsigned number, herd_move m, char *buf, size_t cap,
                         size_t *len)
{
    const horses_state *s = horses_of(g);
    log_entry e = {.number = number};
    if (!s || (!buf && cap))
        return HERD_E_ARG;
    herd_grid_move_cells(m, &e.a, &e.b);
    if (m >> 32 || !herd_grid_inside(s->w, s->h, e.a) || !herd_grid_inside(s->w, s->h, e.b) ||
        !s->at[herd_grid_index(GRID, e.b.row, e.b.col)])
        return HERD_E_ARG;
    e.v = s->at[herd_grid_index(GRID, e.b.row, e.b.col)];
    return put_log_line(&e, buf, cap, len);
}

int herd_horses_history_line(const herd_game *g, size_t i, char *buf, size_t cap, size_t *len)
{
    if (!horses_of(g) || (!buf && cap))
        return HERD_E_ARG;
    /* The horse is the one that stood on the move's first cell before it. */
    const horses_state *before = herdi_history_state(g, HERD_HORSES, i);
    herd_move m;
    if (!before || herd_history_move(g, i, &m) != HERD_OK)
        return HERD_E_RANGE;
    log_entry e = {.number = (unsigned long long)i + 1};
    herd_grid_move_cells(m, &e.a, &e.b);
    e.v = before->at[herd_grid_index(GRID, e.a.row, e.a.col)];
    return put_log_line(&e, buf, cap, len);
}

/* perft's last two plies, with search_play's herd shapes left for later. */
HERD_PERFT_TWO_PLIES(horses_perft_two, horses_state, horses_search_play, horses_count)

static const herd_fast_rules horses_fast = {horses_search_play, horses_search_legal,
                                            horses_perft_two};
static const herd_save_rules horses_save = {horses_write_save, horses_read_save};

const herd_rules herdi_horses_rules = {
    .desc =
        {
            .kind = HERD_HORSES,
            .name = "horses",
            .title = "Herd of Horses",
            .side_names = SIDE_NAMES,
            .options = horses_options,
            .option_count = sizeof horses_options / sizeof horses_options[0],
            .level_count = HERD_LEVEL_COUNT(horses_levels),
            .default_level = 1,
            .max_moves = HERD_HORSES_MAX_MOVES,
        },
    .state_size = sizeof(horses_state),
    .init = horses_init,
    .options_of = horses_given_options,
    .legal = horses_legal,
    .count = horses_count,
    .apply = horses_apply,
    .play = horses_play,
    .write_position = horses_write_position,
    .read_position = horses_read_position,
    .write_move = horses_write_move,
    .read_move = horses_read_move,
    .show = horses_show,
    .genmove = horses_genmove,
    .levels = horses_levels,
    .hash = horses_hash,
    .evaluate = horses_evaluate,
    .repeats = horses_repeats,
    .num_actions = horses_num_actions,
    .action_index = horses_action_index,
    .action_move = horses_action_move,
    .legal_indices = horses_legal_indices,
    .observation_shape = horses_observation_shape,
    .observe = horses_observe,
    .fast = &horses_fast,
    .save = &horses_save,
};
