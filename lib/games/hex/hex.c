/* Mark Steere's Herd on a hexhex board (docs/hex.md, game `hex`): dice,
 * removals, placements, prohibited cells and capture chains. Everything
 * about this game lives here; docs/hex.md explains the choices. */
#include <stddef.h>
#include <string.h>

#include "actions.h"
#include "bits.h"
#include "herd/hex.h"
#include "internal.h"

#define MAX_N HERD_HEX_MAX_SIZE
/* The board is stored in axial coordinates (q, r), both 0..2N-2, a cell being
 * on the board when N-1 <= q+r <= 3N-3, inside a grid of ROWS rows of
 * STRIDE bytes with a wall around it. The six neighbours of grid index i are
 * then i + dirs[k], never out of the array, and no table depends on the
 * board size. */
#define ROWS (2 * MAX_N + 1)
#define STRIDE 32
#define CELLS (ROWS * STRIDE)
/* Bit sets over the grid's indices: a row of the board lies in one half of
 * a word, and reading its bits in order is the generation order. */
#define WORDS ((CELLS + 63) / 64)
_Static_assert(2 * MAX_N + 1 <= STRIDE, "a row and its walls fit in a half word");

enum { EMPTY = 0, RED_STONE = 1, BLUE_STONE = 2, WALL = 3 };

/* A cell's byte: its colour in bits 0-1, and for each side the number of its
 * neighbours on the board that hold no stone of that side, in bits 2-4
 * (red) and 5-7 (blue). An empty cell is prohibited for a side when no
 * neighbour is other than the enemy's, and a stone is captured when no
 * neighbour is other than the mover's: both are one look at the byte. A
 * wall's colour is WALL; its other bits mean nothing. */
#define COLOUR 3
#define COUNT_SHIFT(side) (2 + 3 * (side))

static const int dirs[6] = {-1, 1, -STRIDE, STRIDE, 1 - STRIDE, STRIDE - 1};

/* The head and the counts come first: an undo record keeps them whole
 * (up to `open`) and the board's few changes apart (hex_undo). */
typedef struct hex_state {
    herd_head head;
    uint64_t turns;             /* turns completed, saturating */
    uint16_t left;              /* removals or placements left, 0 while rolling */
    uint16_t stones[2];         /* stones of each side on the board */
    uint16_t empty;             /* empty cells */
    uint8_t size;               /* board side N */
    uint8_t phase;              /* HERD_HEX_ROLL, _REMOVE, _PLACE */
    uint8_t lo, hi;             /* the dice, 0 while rolling */
    uint64_t open[2][WORDS];    /* the empty cells where each side may place */
    uint64_t of_side[2][WORDS]; /* each side's stones */
    uint8_t grid[CELLS];        /* a byte per cell, as above */
} hex_state;

#define COUNTS_SIZE offsetof(hex_state, open) /* the head and the counts */

_Static_assert(HERD_HEX_MAX_MOVES <= HERD_MAX_MOVES, "move bound too large");
_Static_assert(sizeof(hex_state) <= HERD_MAX_STATE_SIZE, "state too large");

/* The sides' names, here and in the registry (.side_names). */
#define SIDE_NAMES {"red", "blue"}
static const char *const side_name[2] = SIDE_NAMES;

/* ------------------------------------------------------------ bit sets */


static void put_bit(uint64_t *set, int i, int on)
{
    /* The bit as a value, not a choice: the compiler would otherwise
     * branch on the board in put_stone()'s every neighbour. */
    uint64_t bit = UINT64_C(1) << (i & 63);
    set[i >> 6] = (set[i >> 6] & ~bit) | (uint64_t)(on != 0) << (i & 63);
}

/* ------------------------------------------------------------ geometry */

static int row_count(int n)
{
    return 2 * n - 1;
}

static int row_len(int n, int r)
{
    return r < n ? n + r : 3 * n - 2 - r;
}

/* The axial q of the first cell of row r. */
static int row_q0(int n, int r)
{
    return r < n - 1 ? n - 1 - r : 0;
}

static int cell_count(int n)
{
    return 3 * n * n - 3 * n + 1;
}

static int on_board(int n, int r, int c)
{
    return r >= 0 && r < row_count(n) && c >= 0 && c < row_len(n, r);
}

static int grid_at(int n, int r, int c)
{
    return (r + 1) * STRIDE + row_q0(n, r) + c + 1;
}

static uint8_t stone_of(int side)
{
    return (uint8_t)(side + 1);
}

static uint8_t colour(const hex_state *s, int i)
{
    return s->grid[i] & COLOUR;
}

/* Of cell i's neighbours on the board, how many hold no stone of side. */
static int not_of(const hex_state *s, int i, int side)
{
    return s->grid[i] >> COUNT_SHIFT(side) & 7;
}

/* The row of a bit set whose first cell is at grid index `at`: bit c for
 * the row's cell c. */
static uint32_t row_bits(const uint64_t *set, int at)
{
    return (uint32_t)(set[at >> 6] >> (at & 32)) >> (at & 31);
}

/* Whether the empty cell i is open to each side: not all its neighbours
 * hold the other side's stones. */
static void refresh_open(hex_state *s, int i)
{
    int empty = colour(s, i) == EMPTY;
    put_bit(s->open[0], i, empty && not_of(s, i, 1) != 0);
    put_bit(s->open[1], i, empty && not_of(s, i, 0) != 0);
}

/* What a stone of side takes off its neighbours' bytes: one from their
 * count of neighbours that are not side's. */
static int count_unit(int side)
{
    return 1 << COUNT_SHIFT(side);
}

/* Puts a stone of side on the empty cell i (on the board), keeping the
 * counts, the stone sets and the open sets; the totals are the caller's.
 * A neighbour's count of cells not side's drops, which can close it to
 * the other side only. The walls around take the change as well (it leaves
 * their colour as it is, and what they hold then follows from the board
 * alone), so that no neighbour is a branch. */
static void put_stone(hex_state *s, int i, int side)
{
    s->grid[i] |= stone_of(side);
    put_bit(s->of_side[side], i, 1);
    put_bit(s->open[0], i, 0);
    put_bit(s->open[1], i, 0);
    for (int k = 0; k < 6; k++) {
        int j = i + dirs[k];
        s->grid[j] = (uint8_t)(s->grid[j] - count_unit(side));
        int empty = colour(s, j) == EMPTY, open = not_of(s, j, side) != 0;
        put_bit(s->open[!side], j, empty & open);
    }
}

/* Takes the stone of side off cell i: the reverse of put_stone(). The
 * neighbours that are empty are open to the other side now. */
static void take_stone(hex_state *s, int i, int side)
{
    s->grid[i] &= (uint8_t)~COLOUR;
    put_bit(s->of_side[side], i, 0);
    refresh_open(s, i);
    for (int k = 0; k < 6; k++) {
        int j = i + dirs[k];
        s->grid[j] = (uint8_t)(s->grid[j] + count_unit(side));
        put_bit(s->open[!side], j, colour(s, j) == EMPTY);
    }
}

/* Lays out an empty board of side n: walls everywhere else. */
static void setup_board(hex_state *s, int n)
{
    memset(s->grid, WALL, sizeof s->grid);
    memset(s->open, 0, sizeof s->open);
    memset(s->of_side, 0, sizeof s->of_side);
    for (int r = 0; r < row_count(n); r++)
        for (int c = 0; c < row_len(n, r); c++)
            s->grid[grid_at(n, r, c)] = EMPTY;
    for (int r = 0; r < row_count(n); r++)
        for (int c = 0; c < row_len(n, r); c++) {
            int i = grid_at(n, r, c), around = 0;
            for (int k = 0; k < 6; k++)
                around += s->grid[i + dirs[k]] != WALL;
            s->grid[i] = (uint8_t)(around << COUNT_SHIFT(0) | around << COUNT_SHIFT(1));
            refresh_open(s, i);
        }
    s->size = (uint8_t)n;
    s->empty = (uint16_t)cell_count(n);
    s->stones[0] = s->stones[1] = 0;
}

/* An empty cell all of whose neighbours hold the mover's enemy. Every cell
 * of a board of side 2 or more has at least three neighbours. */
static int prohibited(const hex_state *s, int i, int mover)
{
    return not_of(s, i, !mover) == 0;
}

/* The words of the bit sets that hold board cells: the rows are in
 * half-words 1 to 2N - 1. */
static int board_words(const hex_state *s)
{
    return s->size;
}

static int any_placement(const hex_state *s, int mover)
{
    uint64_t any = 0;
    for (int w = 0; w < board_words(s); w++)
        any |= s->open[mover][w];
    return any != 0;
}

/* The enemy stones that a stone of the mover on the empty cell i would
 * capture: those whose only neighbour not the mover's is i. */
static int captures_at(const hex_state *s, int i, int mover)
{
    int k = 0;
    for (int d = 0; d < 6; d++) {
        int j = i + dirs[d];
        k += colour(s, j) == stone_of(!mover) && not_of(s, j, mover) == 1;
    }
    return k;
}

/* ------------------------------------------------------------- moves */

/* An action: its kind in bits 16-23, the lower die or the row in bits
 * 8-15, the higher die or the position in its row in bits 0-7. */
static herd_move make_move(int kind, int a, int b)
{
    if (a < 0 || a > 255 || b < 0 || b > 255)
        return 0;
    return (herd_move)((uint32_t)kind << 16 | (uint32_t)a << 8 | (uint32_t)b);
}

herd_move herd_hex_dice_move(int lo, int hi)
{
    return make_move(HERD_HEX_ACT_DICE, lo, hi);
}

herd_move herd_hex_remove_move(herd_cell cell)
{
    return make_move(HERD_HEX_ACT_REMOVE, cell.row, cell.col);
}

herd_move herd_hex_place_move(herd_cell cell)
{
    return make_move(HERD_HEX_ACT_PLACE, cell.row, cell.col);
}

/* The kind of an action, 0 for a value that is not a hex action. */
static int move_kind(herd_move m)
{
    int kind = (int)(m >> 16 & 0xff);
    return m >> 24 || kind > HERD_HEX_ACT_PLACE ? 0 : kind;
}

int herd_hex_move_kind(herd_move m, int *kind)
{
    if (!move_kind(m) || !kind)
        return HERD_E_ARG;
    *kind = move_kind(m);
    return HERD_OK;
}

int herd_hex_move_cell(herd_move m, herd_cell *cell)
{
    int kind = move_kind(m);
    if (!cell || (kind != HERD_HEX_ACT_REMOVE && kind != HERD_HEX_ACT_PLACE))
        return HERD_E_ARG;
    cell->row = (int)(m >> 8 & 0xff);
    cell->col = (int)(m & 0xff);
    return HERD_OK;
}

int herd_hex_move_dice(herd_move m, int *lo, int *hi)
{
    if (move_kind(m) != HERD_HEX_ACT_DICE)
        return HERD_E_ARG;
    if (lo)
        *lo = (int)(m >> 8 & 0xff);
    if (hi)
        *hi = (int)(m & 0xff);
    return HERD_OK;
}

static int move_a(herd_move m)
{
    return (int)(m >> 8 & 0xff);
}

static int move_b(herd_move m)
{
    return (int)(m & 0xff);
}

static int is_outcome(int lo, int hi)
{
    return lo >= 1 && lo <= hi && hi <= 6;
}

/* --------------------------------------------------------------- play */

/* The turn ends: the next side rolls. A full board ends the game, and the
 * side with more stones wins (the cell count is odd, so one has more). */
static void end_turn(hex_state *s)
{
    if (s->turns != UINT64_MAX)
        s->turns++;
    s->phase = HERD_HEX_ROLL;
    s->lo = s->hi = 0;
    s->left = 0;
    herd_head_set_ongoing(&s->head, !s->head.side);
    if (s->empty == 0)
        herd_head_set_win(&s->head, s->stones[1] > s->stones[0], HERD_REASON_FULL);
}

static void enter_place(hex_state *s, int count)
{
    s->phase = HERD_HEX_PLACE;
    s->left = (uint16_t)count;
    if (!any_placement(s, s->head.side))
        end_turn(s);
}

/* Plays an action that hex_check() accepted (or legal() listed). */
static void hex_play(void *state, herd_move m)
{
    hex_state *s = state;
    int mover = s->head.side, enemy = !mover;
    int a = move_a(m), b = move_b(m), n = s->size;
    s->head.ply++;
    switch (move_kind(m)) {
    case HERD_HEX_ACT_DICE:
        s->lo = (uint8_t)a;
        s->hi = (uint8_t)b;
        if (s->turns == 0)
            enter_place(s, a); /* the balancing rule: no removal, place L */
        else if (s->stones[enemy] == 0)
            enter_place(s, b);
        else {
            s->phase = HERD_HEX_REMOVE;
            s->left = (uint16_t)(a < s->stones[enemy] ? a : s->stones[enemy]);
        }
        break;
    case HERD_HEX_ACT_REMOVE:
        take_stone(s, grid_at(n, a, b), enemy);
        s->stones[enemy]--;
        s->empty++;
        if (--s->left == 0)
            enter_place(s, s->hi);
        break;
    case HERD_HEX_ACT_PLACE: {
        /* A captured stone has no enemy neighbour, so taking one off never
         * changes whether another is captured: each is taken as found. */
        int i = grid_at(n, a, b), k = 0;
        put_stone(s, i, mover);
        for (int d = 0; d < 6; d++) {
            int j = i + dirs[d];
            if (colour(s, j) == stone_of(enemy) && not_of(s, j, mover) == 0) {
                take_stone(s, j, enemy);
                k++;
            }
        }
        s->stones[mover]++;
        s->stones[enemy] = (uint16_t)(s->stones[enemy] - k);
        s->empty = (uint16_t)(s->empty - 1 + k);
        s->left = (uint16_t)(s->left - 1 + k);
        if (s->left == 0 || !any_placement(s, mover))
            end_turn(s);
        break;
    }
    default:
        break;
    }
}

/* Checks an action fully against the state; changes nothing. */
static int hex_check(const hex_state *s, herd_move m, herd_msg msg)
{
    int kind = move_kind(m), a = move_a(m), b = move_b(m), n = s->size;
    int mover = s->head.side, enemy = !mover;
    if (s->head.result != HERD_ONGOING)
        return herdi_fail(msg, HERD_E_STATE, "the game is over");
    if (kind == 0)
        return herdi_fail(msg, HERD_E_ILLEGAL, "that is not a hex action");
    if (kind == HERD_HEX_ACT_DICE) {
        if (s->phase != HERD_HEX_ROLL)
            return herdi_fail(msg, HERD_E_ILLEGAL, "the dice are already rolled: %d,%d", s->lo,
                              s->hi);
        if (!is_outcome(a, b))
            return herdi_fail(msg, HERD_E_ILLEGAL, "dice:%d,%d is not a dice outcome", a, b);
        return HERD_OK;
    }
    if (s->phase == HERD_HEX_ROLL)
        return herdi_fail(msg, HERD_E_ILLEGAL, "roll the dice first");
    char
        name[HERD_CELL_NAME_SIZE]; /* named only for a refusal: the accepted path formats nothing */
    if (kind == HERD_HEX_ACT_REMOVE && s->phase == HERD_HEX_PLACE)
        return herdi_fail(msg, HERD_E_ILLEGAL, "no removal is left: place a %s stone",
                          side_name[mover]);
    if (kind == HERD_HEX_ACT_PLACE && s->phase == HERD_HEX_REMOVE)
        return herdi_fail(msg, HERD_E_ILLEGAL, "remove %d more %s stone%s first", s->left,
                          side_name[enemy], s->left == 1 ? "" : "s");
    if (!on_board(n, a, b))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is not on the board",
                          herdi_cell_name(name, (herd_cell){a, b}));
    int i = grid_at(n, a, b);
    if (kind == HERD_HEX_ACT_REMOVE) {
        if (colour(s, i) != stone_of(enemy))
            return herdi_fail(msg, HERD_E_ILLEGAL, "remove a %s stone: %s is not one",
                              side_name[enemy], herdi_cell_name(name, (herd_cell){a, b}));
        return HERD_OK;
    }
    if (colour(s, i) != EMPTY)
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is occupied",
                          herdi_cell_name(name, (herd_cell){a, b}));
    if (prohibited(s, i, mover))
        return herdi_fail(msg, HERD_E_ILLEGAL, "%s is prohibited: every neighbour is %s",
                          herdi_cell_name(name, (herd_cell){a, b}), side_name[enemy]);
    return HERD_OK;
}

static int hex_apply(void *state, herd_move m, herd_msg msg)
{
    int rc = hex_check(state, m, msg);
    if (rc == HERD_OK)
        hex_play(state, m);
    return rc;
}

/* An undo record: the head and the counts as they were, and for a
 * placement the directions of the stones it captures. The rest of an
 * action's change is its cell's stone, put back or taken off. */
typedef struct hex_undo {
    unsigned char counts[COUNTS_SIZE];
    uint8_t captured; /* bit d: the neighbour i + dirs[d] */
} hex_undo;

/* The stones that the placement m would capture, as hex_play() takes them:
 * an enemy neighbour whose only neighbour not the mover's is the cell.
 * None for any other action, or one that hex_check() would refuse. */
static uint8_t captured_by(const hex_state *s, herd_move m)
{
    int a = move_a(m), b = move_b(m), mover = s->head.side;
    uint8_t captured = 0;
    if (move_kind(m) != HERD_HEX_ACT_PLACE || s->phase != HERD_HEX_PLACE ||
        !on_board(s->size, a, b))
        return 0;
    int i = grid_at(s->size, a, b);
    for (int d = 0; d < 6; d++) {
        int j = i + dirs[d];
        /* `&`, not `&&`: no branch on the board */
        int enemy = colour(s, j) == stone_of(!mover), surrounded = not_of(s, j, mover) == 1;
        captured |= (uint8_t)((enemy & surrounded) << d);
    }
    return captured;
}

static int hex_undo_record(const void *state, herd_move m, void *record)
{
    const hex_state *s = state;
    hex_undo *u = record;
    memcpy(u->counts, s, COUNTS_SIZE);
    u->captured = captured_by(s, m);
    return s->head.result == HERD_ONGOING && s->phase == HERD_HEX_ROLL;
}

/* hex_play() backwards: the stones of the cell and of its captures put as
 * they were (the counts around them follow, as they did forwards), then
 * the head and the counts. */
static void hex_undo_play(void *state, const void *record, herd_move m)
{
    hex_state *s = state;
    const hex_undo *u = record;
    int kind = move_kind(m), mover = ((const herd_head *)(const void *)u->counts)->side;
    if (kind != HERD_HEX_ACT_DICE) {
        int i = grid_at(s->size, move_a(m), move_b(m));
        if (kind == HERD_HEX_ACT_REMOVE) {
            put_stone(s, i, !mover);
        } else {
            for (int d = 0; d < 6; d++)
                if (u->captured >> d & 1)
                    put_stone(s, i + dirs[d], !mover);
            take_stone(s, i, mover);
        }
    }
    memcpy(s, u->counts, COUNTS_SIZE);
}

/* The grid index of row r + 1's first cell, from row r's at `at`. */
static int next_row_at(int n, int r, int at)
{
    return at + (r < n - 1 ? STRIDE - 1 : STRIDE);
}

/* For each set of four cells (bit c for cell c), the places of its cells
 * in order (then zeros, written but not counted), and how many there are. */
#define NIBBLE_CELLS 4
static const herd_move nibble_places[16][NIBBLE_CELLS] = {
    {0, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {0, 1, 0, 0}, {2, 0, 0, 0}, {0, 2, 0, 0},
    {1, 2, 0, 0}, {0, 1, 2, 0}, {3, 0, 0, 0}, {0, 3, 0, 0}, {1, 3, 0, 0}, {0, 1, 3, 0},
    {2, 3, 0, 0}, {0, 2, 3, 0}, {1, 2, 3, 0}, {0, 1, 2, 3}};
static const uint8_t nibble_count[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* The cells of a bit set as actions of the kind, in generation order: a
 * row four cells at a time, each four written whole from the table and
 * the end moved on over those in the set, without a branch that depends
 * on the set (the bits past a row's end are walls', never set). The last
 * fours, which would write past the count in buf, go through four slots
 * on the stack (a scratch list of the whole board there took 3.8 kB of
 * the caller's stack: docs/api.md, "Threads"). */
static size_t list_cells(const hex_state *s, const uint64_t *set, int kind, herd_move *buf)
{
    size_t total = 0;
    for (int w = 0; w < board_words(s); w++)
        total += (size_t)herd_bit_count(set[w]);
    herd_move *out = buf;
    int n = s->size, at = grid_at(n, 0, 0);
    herd_move row = (herd_move)kind << 16;
    for (int r = 0; r < row_count(n); at = next_row_at(n, r, at), r++, row += 1 << 8) {
        uint32_t bits = row_bits(set, at);
        herd_move m = row;
        for (int c = row_len(n, r); c > 0; c -= NIBBLE_CELLS, bits >>= NIBBLE_CELLS) {
            const herd_move *places = nibble_places[bits & 15];
            if ((size_t)(out - buf) + NIBBLE_CELLS <= total) {
                for (int k = 0; k < NIBBLE_CELLS; k++)
                    out[k] = m + places[k];
            } else {
                herd_move four[NIBBLE_CELLS];
                for (int k = 0; k < NIBBLE_CELLS; k++)
                    four[k] = m + places[k];
                memcpy(out, four, (size_t)nibble_count[bits & 15] * sizeof *out);
            }
            out += nibble_count[bits & 15];
            m += NIBBLE_CELLS;
        }
    }
    return (size_t)(out - buf);
}

/* The 21 rolls in generation order (lo, then hi), and their weights in
 * 36ths. */
#define DICE_ACTIONS 21
#define ROLL(lo, hi) ((herd_move)HERD_HEX_ACT_DICE << 16 | (lo) << 8 | (hi))
static const herd_move rolls[DICE_ACTIONS] = {
    ROLL(1, 1), ROLL(1, 2), ROLL(1, 3), ROLL(1, 4), ROLL(1, 5), ROLL(1, 6), ROLL(2, 2),
    ROLL(2, 3), ROLL(2, 4), ROLL(2, 5), ROLL(2, 6), ROLL(3, 3), ROLL(3, 4), ROLL(3, 5),
    ROLL(3, 6), ROLL(4, 4), ROLL(4, 5), ROLL(4, 6), ROLL(5, 5), ROLL(5, 6), ROLL(6, 6)};
static const uint32_t roll_weights[DICE_ACTIONS] = {1, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2,
                                                    1, 2, 2, 2, 1, 2, 2, 1, 2, 1};

static size_t hex_legal(const void *state, herd_move *buf)
{
    const hex_state *s = state;
    int mover = s->head.side;
    if (s->head.result != HERD_ONGOING)
        return 0;
    if (s->phase == HERD_HEX_ROLL) {
        memcpy(buf, rolls, sizeof rolls);
        return DICE_ACTIONS;
    }
    if (s->phase == HERD_HEX_REMOVE)
        return list_cells(s, s->of_side[!mover], HERD_HEX_ACT_REMOVE, buf);
    return list_cells(s, s->open[mover], HERD_HEX_ACT_PLACE, buf);
}

/* The action of the kind on grid index i: row and place in the row. */
static herd_move cell_move(const hex_state *s, int kind, int i)
{
    int r = i / STRIDE - 1;
    return make_move(kind, r, i % STRIDE - 1 - row_q0(s->size, r));
}

/* hex_legal()'s k-th action: the k-th cell of the set it would list. */
static herd_move hex_nth_legal(const void *state, size_t k)
{
    const hex_state *s = state;
    int mover = s->head.side;
    if (s->phase == HERD_HEX_ROLL)
        return rolls[k];
    int removing = s->phase == HERD_HEX_REMOVE;
    const uint64_t *set = removing ? s->of_side[!mover] : s->open[mover];
    int w = 0;
    for (size_t c; k >= (c = (size_t)herd_bit_count(set[w])); w++)
        k -= c;
    return cell_move(s, removing ? HERD_HEX_ACT_REMOVE : HERD_HEX_ACT_PLACE,
                     64 * w + herd_nth_bit(set[w], (unsigned)k));
}

/* The number of legal actions, for perft's last ply. */
static size_t hex_count(const void *state)
{
    const hex_state *s = state;
    int mover = s->head.side;
    size_t k = 0;
    if (s->head.result != HERD_ONGOING)
        return 0;
    if (s->phase == HERD_HEX_ROLL)
        return 21;
    if (s->phase == HERD_HEX_REMOVE)
        return s->stones[!mover];
    for (int w = 0; w < board_words(s); w++)
        k += (size_t)herd_bit_count(s->open[mover][w]);
    return k;
}

static size_t hex_chance(const void *state, herd_move *buf, uint32_t *weights)
{
    const hex_state *s = state;
    if (s->head.result != HERD_ONGOING || s->phase != HERD_HEX_ROLL)
        return 0;
    if (buf) {
        memcpy(buf, rolls, sizeof rolls);
        memcpy(weights, roll_weights, sizeof roll_weights);
    }
    return DICE_ACTIONS;
}

/* Level 1: a placement that captures the most enemy stones at once, a
 * removal of any enemy stone; ties (and all removals) drawn uniformly with
 * the game's generator. */
static herd_move hex_genmove(void *state, int level)
{
    hex_state *s = state;
    herd_move moves[HERD_HEX_MAX_MOVES];
    int score[HERD_HEX_MAX_MOVES];
    (void)level;
    size_t n = hex_legal(s, moves);
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++) {
        score[i] = 0;
        if (move_kind(moves[i]) == HERD_HEX_ACT_PLACE)
            score[i] = captures_at(s, grid_at(s->size, move_a(moves[i]), move_b(moves[i])),
                                   s->head.side);
    }
    return moves[herdi_rng_pick_best(&s->head.rng, score, n)];
}

/* ------------------------------------------------------- for search */

/* Every stone, the side to act, and the turn's phase, dice and count. The
 * keys are those of a grid of HASH_W x HASH_W cells, as they always were. */
#define HASH_W (2 * MAX_N + 1)

static uint64_t hex_hash(const void *state)
{
    const hex_state *s = state;
    uint64_t h =
        herdi_zobrist(3 * HASH_W * HASH_W + s->head.side) ^
        herdi_zobrist(3 * HASH_W * HASH_W + 2 + (uint64_t)s->phase * 64 + s->lo * 8 + s->hi) ^
        herdi_zobrist(3 * HASH_W * HASH_W + 512 + s->left) ^ (s->turns == 0 ? herdi_zobrist(0) : 0);
    for (int r = 0; r < row_count(s->size); r++)
        for (int c = 0; c < row_len(s->size, r); c++) {
            uint8_t v = colour(s, grid_at(s->size, r, c));
            if (v != EMPTY)
                h ^= herdi_zobrist((uint64_t)((r + 1) * HASH_W + row_q0(s->size, r) + c + 1) * 3 +
                                   v);
        }
    return h;
}

/* The stones ahead, for the side to act: what decides the game at the end. */
static int hex_evaluate(const void *state, unsigned eval, const void *table)
{
    (void)eval, (void)table; /* one evaluation for every level */
    const hex_state *s = state;
    int me = s->head.side;
    return 10 * ((int)s->stones[me] - (int)s->stones[!me]);
}

static const herd_level hex_levels[] = {
    /* For players (docs/levels.md has the searches): the tree search's
     * playouts are games played on by greedy on both sides. */
    {"greedy", "places to capture the most; removals and ties at random", HERD_LEVEL_OWN, 0, 0, 0},
    {"novice", "plays out 200 greedy games from here and picks what won most", HERD_LEVEL_MCTS, 0,
     200, 0},
    {"expert", "plays out 1,000 greedy games from here and picks what won most", HERD_LEVEL_MCTS, 0,
     1000, 0},
    /* A budget of work, not of playouts (lib/ai/mcts.c): about 4,700
     * playouts a move at size 5, 374 at size 13 (herd-bench's positions),
     * in about the same time; at most 10,000 (its floor of 4,000). */
    {"master", "like expert: about 4,700 games at size 5, fewer on bigger ones", HERD_LEVEL_MCTS,
     4000, 40000000, 0},
};

/* ------------------------------------------------------ for learning */

/* The 21 dice outcomes in legal()'s order (lo, then hi), then a removal
 * per cell, then a placement per cell, the cells row by row. */

static size_t hex_num_actions(const void *state)
{
    const hex_state *s = state;
    return DICE_ACTIONS + 2 * (size_t)cell_count(s->size);
}

/* A cell's rank in row-by-row order: the cells of the rows above it (rows
 * of n, n + 1, ... cells to the middle row, then shorter by one each),
 * then its place in its row. */
static int cell_rank(int n, int r, int c)
{
    if (r <= n)
        return r * n + r * (r - 1) / 2 + c;
    int below = r - n; /* rows n..r-1, of 2n - 2 down to 3n - 1 - r cells */
    return n * n + n * (n - 1) / 2 + below * (2 * n - 2) - below * (below - 1) / 2 + c;
}

/* The index of the first cell's action of a kind (removal, placement). */
static size_t hex_action_base(int n, int kind)
{
    return DICE_ACTIONS + (size_t)(kind == HERD_HEX_ACT_PLACE) * (size_t)cell_count(n);
}

static int hex_action_index(const void *state, herd_move m, size_t *index)
{
    const hex_state *s = state;
    int kind = move_kind(m), a = move_a(m), b = move_b(m), n = s->size;
    if (kind == HERD_HEX_ACT_DICE) {
        if (!is_outcome(a, b))
            return HERD_E_ARG;
        /* The outcomes with a lower die below a, then those from (a, a). */
        *index = (size_t)(7 * (a - 1) - (a - 1) * a / 2 + b - a);
        return HERD_OK;
    }
    if ((kind != HERD_HEX_ACT_REMOVE && kind != HERD_HEX_ACT_PLACE) || !on_board(n, a, b))
        return HERD_E_ARG;
    *index = hex_action_base(n, kind) + (size_t)cell_rank(n, a, b);
    return HERD_OK;
}

static herd_move hex_action_move(const void *state, size_t index)
{
    const hex_state *s = state;
    int n = s->size;
    if (index < DICE_ACTIONS) {
        int k = (int)index;
        for (int lo = 1;; k -= 7 - lo, lo++)
            if (k < 7 - lo)
                return herd_hex_dice_move(lo, lo + k);
    }
    index -= DICE_ACTIONS;
    int kind = index < (size_t)cell_count(n) ? HERD_HEX_ACT_REMOVE : HERD_HEX_ACT_PLACE;
    int k = (int)(index % (size_t)cell_count(n)), r = 0;
    while (k >= row_len(n, r))
        k -= row_len(n, r++);
    return make_move(kind, r, k);
}

/* The indices of a bit set's cells as actions of the kind, in list_cells()'
 * order (row by row, as their indices run), written as it writes them. */
static size_t index_cells(const hex_state *s, const uint64_t *set, int kind, uint16_t *buf)
{
    int n = s->size, at = grid_at(n, 0, 0);
    uint16_t *out = buf, index = (uint16_t)hex_action_base(n, kind);
    for (int r = 0; r < row_count(n); at = next_row_at(n, r, at), r++)
        for (uint32_t c = (uint32_t)row_len(n, r), bits = row_bits(set, at); c > 0;
             c--, bits >>= 1) {
            *out = index++;
            out += bits & 1;
        }
    return (size_t)(out - buf);
}

/* hex_legal()'s actions as indices. */
static size_t hex_legal_indices(const void *state, uint16_t *buf)
{
    const hex_state *s = state;
    int mover = s->head.side;
    if (s->head.result != HERD_ONGOING)
        return 0;
    if (s->phase == HERD_HEX_ROLL) {
        for (uint16_t i = 0; i < DICE_ACTIONS; i++)
            buf[i] = i; /* rolls[] runs in index order */
        return DICE_ACTIONS;
    }
    if (s->phase == HERD_HEX_REMOVE)
        return index_cells(s, s->of_side[!mover], HERD_HEX_ACT_REMOVE, buf);
    return index_cells(s, s->open[mover], HERD_HEX_ACT_PLACE, buf);
}

/* hex_legal_indices()' actions as bits of the action space: the cells of
 * each row run in the space as in the grid's bit sets, so a row is one
 * shift into the word being filled, which is written once full (each
 * word written once, in order, and counted). */
static size_t hex_legal_bits(const void *state, uint64_t *bits)
{
    const hex_state *s = state;
    int mover = s->head.side, n = s->size;
    size_t words = (hex_num_actions(s) + 63) / 64, w = 0, count = 0;
    uint64_t word = 0;
    if (s->head.result == HERD_ONGOING && s->phase == HERD_HEX_ROLL) {
        word = (UINT64_C(1) << DICE_ACTIONS) - 1; /* rolls[] runs in index order */
    } else if (s->head.result == HERD_ONGOING) {
        int kind = s->phase == HERD_HEX_REMOVE ? HERD_HEX_ACT_REMOVE : HERD_HEX_ACT_PLACE;
        const uint64_t *set = kind == HERD_HEX_ACT_REMOVE ? s->of_side[!mover] : s->open[mover];
        size_t index = hex_action_base(n, kind);
        for (; w < index / 64; w++)
            bits[w] = 0;
        int at = grid_at(n, 0, 0);
        for (int r = 0; r < row_count(n); at = next_row_at(n, r, at), r++) {
            uint64_t row = row_bits(set, at);
            unsigned shift = (unsigned)(index % 64), len = (unsigned)row_len(n, r);
            word |= row << shift;
            if (shift + len >= 64) { /* a row is shorter than a word: shift > 0 */
                count += (size_t)herd_bit_count(word);
                bits[w++] = word;
                word = row >> (64 - shift);
            }
            index += len;
        }
    }
    count += (size_t)herd_bit_count(word);
    for (bits[w++] = word; w < words; w++)
        bits[w] = 0;
    return count;
}

/* The board in axial coordinates: row r, and column q = the row's first q
 * plus the position in the row, so that the six neighbours of a cell are
 * the grid's four and two of its diagonals. */
enum {
    OBS_MINE,
    OBS_THEIRS,
    OBS_BOARD,
    OBS_TO_ACT,
    OBS_ROLL,
    OBS_REMOVE,
    OBS_PLACE,
    OBS_LOW,
    OBS_HIGH,
    OBS_LEFT,
    OBS_FIRST_TURN,
    OBS_PLANES
};
_Static_assert(OBS_REMOVE - OBS_ROLL == HERD_HEX_REMOVE && OBS_PLACE - OBS_ROLL == HERD_HEX_PLACE,
               "a phase plane per phase, in the phases' order");

static void hex_observation_shape(const void *state, size_t shape[3])
{
    const hex_state *s = state;
    shape[0] = OBS_PLANES;
    shape[1] = shape[2] = (size_t)row_count(s->size);
}

/* The side's stones and the other side's, the board's cells; then, while
 * the game goes on, whether the side is to act, the phase, the dice and
 * the count left in sixths (a die's faces), and red's first turn. */
static void hex_observe(const void *state, int side, float *buf)
{
    const hex_state *s = state;
    int n = s->size;
    herd_planes o = {buf, (size_t)row_count(n), (size_t)row_count(n)};
    for (int r = 0; r < row_count(n); r++)
        for (int c = 0; c < row_len(n, r); c++) {
            int q = row_q0(n, r) + c;
            uint8_t v = colour(s, grid_at(n, r, c));
            herd_plane_set(o, OBS_BOARD, r, q, 1.0f);
            if (v != EMPTY)
                herd_plane_set(o, v == stone_of(side) ? OBS_MINE : OBS_THEIRS, r, q, 1.0f);
        }
    if (s->head.result != HERD_ONGOING)
        return;
    if (s->head.side == side)
        herd_plane_fill(o, OBS_TO_ACT, 1.0f);
    herd_plane_fill(o, OBS_ROLL + s->phase, 1.0f);
    herd_plane_fill(o, OBS_LOW, s->lo / 6.0f);
    herd_plane_fill(o, OBS_HIGH, s->hi / 6.0f);
    herd_plane_fill(o, OBS_LEFT, s->left / 6.0f);
    if (s->turns == 0)
        herd_plane_fill(o, OBS_FIRST_TURN, 1.0f);
}

/* ------------------------------------------------------------ creation */

enum { OPT_SIZE };

static const herd_option_desc hex_options[] = {
    {"size", HERD_OPTION_RANGE, HERD_HEX_MIN_SIZE, HERD_HEX_MAX_SIZE, NULL, 0,
     HERD_HEX_DEFAULT_SIZE, NULL, "the board's side, in cells"},
    HERD_SEED_OPTION,
};

static int hex_init(void *state, const herd_option_values *opt, herd_msg msg)
{
    hex_state *s = state;
    (void)msg;
    herd_head_set_ongoing(&s->head, HERD_HEX_RED);
    setup_board(s, (int)opt->number[OPT_SIZE]);
    s->phase = HERD_HEX_ROLL;
    return HERD_OK;
}

/* The options init() was given, but the seed (rules' options_of). */
static void hex_given_options(const void *state, herd_option_values *v)
{
    const hex_state *s = state;
    v->number[0] = (uint64_t)s->size;
}

/* The versions of herd_hex_options (internal.h). */
HERD_VERSIONS(hex_versions, herd_hex_options, HERD_HEX_OPTIONS_VERSION, sizeof(herd_hex_options));

/* The rules of this game, at the end of this file; lib/games.c lists them. */
extern const herd_rules herdi_hex_rules;

/* The typed calls of herd/hex.h, from the fields of herd_hex_options. */
static const herd_typed_field hex_fields[] = {
    {"size", offsetof(herd_hex_options, size), HERD_FIELD_INT},
    {"seed", offsetof(herd_hex_options, seed), HERD_FIELD_U64},
};
HERD_TYPED_CALLS(hex, HERD_HEX_OPTIONS_INIT)

/* -------------------------------------------------------------- text */

static const char *const phase_name[3] = {"roll", "remove", "place"};
static const char cell_char[3] = {'.', 'r', 'b'};

static void write_board(const hex_state *s, herd_sb *sb)
{
    int n = s->size;
    for (int r = 0; r < row_count(n); r++) {
        if (r)
            herdi_sb_putc(sb, '/');
        for (int c = 0; c < row_len(n, r); c++)
            herdi_sb_putc(sb, cell_char[colour(s, grid_at(n, r, c))]);
    }
}

static void hex_write_position(const void *state, herd_sb *sb)
{
    const hex_state *s = state;
    herdi_sb_printf(sb, "hex size=%d turns=%llu turn=%s phase=%s dice=", s->size,
                    (unsigned long long)s->turns, side_name[s->head.side], phase_name[s->phase]);
    if (s->phase == HERD_HEX_ROLL)
        herdi_sb_putc(sb, '-');
    else
        herdi_sb_printf(sb, "%d,%d", s->lo, s->hi);
    herdi_sb_printf(sb, " left=%d board=", s->left);
    write_board(s, sb);
}

static int scan_word(herd_scan *sc, const char *const *words, int count)
{
    for (int i = 0; i < count; i++) {
        herd_scan t = *sc;
        if (herdi_scan_lit(&t, words[i]) && (*t.p == ' ' || *t.p == '\0')) {
            *sc = t;
            return i;
        }
    }
    return -1;
}

static int parse_fail(herd_msg msg, const char *what)
{
    return herdi_fail(msg, HERD_E_PARSE,
                      "%s: a hex position is 'hex size=N turns=K turn=red|blue "
                      "phase=roll|remove|place dice=L,H|- left=C board=ROWS'",
                      what);
}

/* Reads the board's rows into s (whose size is set and board laid out). */
static int read_board(hex_state *s, const char *p, const char *end, herd_msg msg)
{
    int n = s->size, r = 0;
    for (;;) {
        const char *q = p;
        while (q < end && *q != '/')
            q++;
        if (r < row_count(n)) {
            int len = (int)(q - p);
            if (len != row_len(n, r))
                return herdi_fail(msg, HERD_E_POSITION, "row %c has %d cells; size %d needs %d",
                                  'a' + r, len, n, row_len(n, r));
            for (int c = 0; c < len; c++) {
                uint8_t v = p[c] == '.'   ? EMPTY
                            : p[c] == 'r' ? RED_STONE
                            : p[c] == 'b' ? BLUE_STONE
                                          : WALL;
                if (v == WALL) {
                    char bad[24];
                    size_t k = herdi_utf8_len(p + c, (size_t)(len - c));
                    herdi_quote_input(bad, sizeof bad, p + c, k ? k : 1);
                    return herdi_fail(msg, HERD_E_POSITION,
                                      "row %c has '%s' at %d: a cell is '.', 'r' or 'b'", 'a' + r,
                                      bad, c + 1);
                }
                if (v != EMPTY) {
                    put_stone(s, grid_at(n, r, c), v - 1);
                    s->stones[v - 1]++;
                    s->empty--;
                }
            }
        }
        r++;
        if (q == end)
            break;
        p = q + 1;
    }
    if (r != row_count(n))
        return herdi_fail(msg, HERD_E_POSITION, "the board has %d rows; size %d needs %d", r, n,
                          row_count(n));
    return HERD_OK;
}

static int hex_read_position(void *state, const char *text, herd_msg msg)
{
    hex_state *s = state;
    static const char *const turn_words[2] = {"red", "blue"};
    herd_scan sc = {text};
    uint64_t size, turns, left, lo = 0, hi = 0;
    int turn, phase, rolled;
    if (!herdi_scan_lit(&sc, "hex "))
        return parse_fail(msg, "not a hex position");
    if (!herdi_scan_lit(&sc, "size=") || !herdi_scan_uint(&sc, UINT64_MAX, &size))
        return parse_fail(msg, "size=N expected");
    if (!herdi_scan_lit(&sc, " turns=") || !herdi_scan_uint(&sc, UINT64_MAX, &turns))
        return parse_fail(msg, "turns=K expected after size");
    if (!herdi_scan_lit(&sc, " turn=") || (turn = scan_word(&sc, turn_words, 2)) < 0)
        return parse_fail(msg, "turn=red or turn=blue expected after turns");
    if (!herdi_scan_lit(&sc, " phase=") || (phase = scan_word(&sc, phase_name, 3)) < 0)
        return parse_fail(msg, "phase=roll, phase=remove or phase=place expected after turn");
    if (!herdi_scan_lit(&sc, " dice="))
        return parse_fail(msg, "dice=L,H or dice=- expected after phase");
    if (herdi_scan_lit(&sc, "-"))
        rolled = 0;
    else if (herdi_scan_uint(&sc, UINT64_MAX, &lo) && herdi_scan_lit(&sc, ",") &&
             herdi_scan_uint(&sc, UINT64_MAX, &hi))
        rolled = 1;
    else
        return parse_fail(msg, "dice=L,H or dice=- expected after phase");
    if (!herdi_scan_lit(&sc, " left=") || !herdi_scan_uint(&sc, UINT64_MAX, &left))
        return parse_fail(msg, "left=C expected after dice");
    if (!herdi_scan_lit(&sc, " board="))
        return parse_fail(msg, "board=ROWS expected after left");
    const char *board = sc.p, *end = board;
    while (*end && *end != ' ')
        end++;
    if (*end)
        return parse_fail(msg, "nothing may follow the board");

    /* The invariants, in the order docs/hex.md lists them. */
    if (size < HERD_HEX_MIN_SIZE || size > HERD_HEX_MAX_SIZE)
        return herdi_fail(msg, HERD_E_POSITION, "size=%llu is out of range %d..%d",
                          (unsigned long long)size, HERD_HEX_MIN_SIZE, HERD_HEX_MAX_SIZE);
    if (turns != UINT64_MAX && (int)(turns % 2) != turn)
        return herdi_fail(msg, HERD_E_POSITION,
                          "turn=%s does not fit turns=%llu: red acts after an even number of "
                          "turns, blue after an odd one",
                          turn_words[turn], (unsigned long long)turns);
    setup_board(s, (int)size);
    int rc = read_board(s, board, end, msg);
    if (rc != HERD_OK)
        return rc;
    if (rolled && !is_outcome((int)(lo < 99 ? lo : 99), (int)(hi < 99 ? hi : 99)))
        return herdi_fail(msg, HERD_E_POSITION, "dice=%llu,%llu is not a dice outcome",
                          (unsigned long long)lo, (unsigned long long)hi);
    if (phase == HERD_HEX_ROLL && rolled)
        return herdi_fail(msg, HERD_E_POSITION, "phase=roll needs dice=-");
    if (phase != HERD_HEX_ROLL && !rolled)
        return herdi_fail(msg, HERD_E_POSITION,
                          "dice=- is only for phase=roll; phase=%s needs dice=L,H",
                          phase_name[phase]);
    if (phase == HERD_HEX_ROLL && left != 0)
        return herdi_fail(msg, HERD_E_POSITION, "left=%llu while rolling: it must be 0",
                          (unsigned long long)left);
    int mover = turn, enemy = !turn;
    if (turns == 0) {
        if (phase == HERD_HEX_REMOVE)
            return herdi_fail(msg, HERD_E_POSITION,
                              "phase=remove with turns=0: nothing is removed on red's first turn");
        if (s->stones[HERD_HEX_BLUE])
            return herdi_fail(msg, HERD_E_POSITION,
                              "turns=0 but blue has stones: blue has not played yet");
        if (phase == HERD_HEX_PLACE && (left < 1 || left > lo))
            return herdi_fail(
                msg, HERD_E_POSITION,
                "left=%llu is out of range 1..%llu: red's first turn places the lower die",
                (unsigned long long)left, (unsigned long long)lo);
        uint64_t placed = phase == HERD_HEX_PLACE ? lo - left : 0;
        if (s->stones[HERD_HEX_RED] != placed)
            return herdi_fail(msg, HERD_E_POSITION,
                              "turns=0 and red has %d stones, but red has placed %llu this turn",
                              s->stones[HERD_HEX_RED], (unsigned long long)placed);
    }
    if (s->empty == 0 && phase != HERD_HEX_ROLL)
        return herdi_fail(msg, HERD_E_POSITION,
                          "the board is full, so the game is over: phase=%s must be roll",
                          phase_name[phase]);
    if (phase == HERD_HEX_REMOVE) {
        uint64_t most = lo < s->stones[enemy] ? lo : s->stones[enemy];
        if (left < 1 || left > most)
            return herdi_fail(msg, HERD_E_POSITION,
                              "left=%llu is out of range 1..%llu: removals left are at most the "
                              "lower die and %s's %d stones",
                              (unsigned long long)left, (unsigned long long)most, side_name[enemy],
                              s->stones[enemy]);
    }
    if (phase == HERD_HEX_PLACE) {
        /* Placements left minus empty cells never grows in a turn, and the
         * board was not full when the placing began. */
        uint64_t most = hi + s->empty - 1;
        if (left < 1 || left > most)
            return herdi_fail(msg, HERD_E_POSITION,
                              "left=%llu is out of range 1..%llu: placements left are at most the "
                              "higher die plus the empty cells less one",
                              (unsigned long long)left, (unsigned long long)most);
    }
    s->turns = turns;
    s->phase = (uint8_t)phase;
    s->lo = (uint8_t)lo;
    s->hi = (uint8_t)hi;
    s->left = (uint16_t)left;
    s->head.ply = 0;
    herd_head_set_ongoing(&s->head, mover);
    if (phase == HERD_HEX_PLACE && !any_placement(s, mover))
        return herdi_fail(msg, HERD_E_POSITION,
                          "phase=place but %s has no legal placement: the turn would have ended",
                          side_name[mover]);
    if (s->empty == 0)
        herd_head_set_win(&s->head, s->stones[1] > s->stones[0], HERD_REASON_FULL);
    return HERD_OK;
}

/* Writes only what hex_read_move() reads back as the same value: a dice
 * outcome, or a removal or placement on a cell of this board. Any other
 * value is no action of this game. */
static int hex_write_move(const void *state, herd_move m, herd_sb *sb)
{
    const hex_state *s = state;
    int kind = move_kind(m), a = move_a(m), b = move_b(m);
    if (kind == HERD_HEX_ACT_DICE && is_outcome(a, b)) {
        herdi_sb_printf(sb, "dice:%d,%d", a, b);
        return HERD_OK;
    }
    if ((kind != HERD_HEX_ACT_REMOVE && kind != HERD_HEX_ACT_PLACE) || !on_board(s->size, a, b))
        return HERD_E_ARG;
    herdi_sb_putc(sb, kind == HERD_HEX_ACT_REMOVE ? '-' : '+');
    herdi_sb_cell(sb, a, b);
    return HERD_OK;
}

static int hex_read_move(const void *state, const char *text, herd_move *m, herd_msg msg)
{
    const hex_state *s = state;
    herd_scan sc = {text};
    uint64_t lo, hi;
    int r, c;
    if (herdi_scan_lit(&sc, "dice:")) {
        if (!herdi_scan_uint(&sc, 255, &lo) || !herdi_scan_lit(&sc, ",") ||
            !herdi_scan_uint(&sc, 255, &hi) || !herdi_scan_end(&sc))
            return herdi_fail(msg, HERD_E_PARSE, "a roll is dice:L,H with 1 <= L <= H <= 6");
        if (!is_outcome((int)lo, (int)hi))
            return herdi_fail(msg, HERD_E_PARSE, "dice:%d,%d is not a dice outcome", (int)lo,
                              (int)hi);
        *m = herd_hex_dice_move((int)lo, (int)hi);
        return HERD_OK;
    }
    int kind = herdi_scan_lit(&sc, "-")   ? HERD_HEX_ACT_REMOVE
               : herdi_scan_lit(&sc, "+") ? HERD_HEX_ACT_PLACE
                                          : 0;
    if (!kind || !herdi_scan_cell(&sc, &r, &c) || !herdi_scan_end(&sc))
        return herdi_fail(msg, HERD_E_PARSE,
                          "a hex action is dice:L,H, -CELL or +CELL, e.g. dice:2,5 or +e5");
    if (!on_board(s->size, r, c))
        return herdi_fail(msg, HERD_E_PARSE, "%c%d is not on the board of size %d", 'a' + r, c + 1,
                          s->size);
    *m = make_move(kind, r, c);
    return HERD_OK;
}

static void hex_show(const void *state, herd_sb *sb)
{
    const hex_state *s = state;
    int n = s->size;
    for (int r = 0; r < row_count(n); r++) {
        herdi_sb_printf(sb, "%c ", 'a' + r);
        for (int k = row_len(n, r); k < row_count(n); k++)
            herdi_sb_putc(sb, ' ');
        for (int c = 0; c < row_len(n, r); c++) {
            if (c)
                herdi_sb_putc(sb, ' ');
            herdi_sb_putc(sb, cell_char[colour(s, grid_at(n, r, c))]);
        }
        herdi_sb_putc(sb, '\n');
    }
    herdi_sb_printf(sb, "red %d, blue %d, empty %d; turns %llu\n", s->stones[0], s->stones[1],
                   s->empty, (unsigned long long)s->turns);
    if (s->head.result != HERD_ONGOING)
        return;
    herdi_sb_sentence_name(sb, side_name[s->head.side]);
    if (s->phase == HERD_HEX_ROLL)
        herdi_sb_printf(sb, " to roll%s",
                       s->turns == 0 ? " (first turn: places the lower die)" : "");
    else
        herdi_sb_printf(sb, " rolled %d,%d: %s %d more", s->lo, s->hi, phase_name[s->phase],
                       s->left);
}

/* --------------------------------------------------------- typed API */

static const hex_state *state_of(const herd_game *g)
{
    return herdi_game_state(g, HERD_HEX);
}

/* Every getter: the hex state, or NULL when g is NULL, not `hex`, or out is NULL. */
static const hex_state *getter_state(const herd_game *g, const void *out)
{
    return out ? state_of(g) : NULL;
}

int herd_hex_size(const herd_game *g, int *size)
{
    const hex_state *s = getter_state(g, size);
    if (!s)
        return HERD_E_ARG;
    *size = s->size;
    return HERD_OK;
}

int herd_hex_cell_count(const herd_game *g, int *count)
{
    const hex_state *s = getter_state(g, count);
    if (!s)
        return HERD_E_ARG;
    *count = cell_count(s->size);
    return HERD_OK;
}

int herd_hex_row_length(const herd_game *g, int row, int *length)
{
    const hex_state *s = getter_state(g, length);
    if (!s || row < 0 || row >= row_count(s->size))
        return HERD_E_ARG;
    *length = row_len(s->size, row);
    return HERD_OK;
}

int herd_hex_phase(const herd_game *g, int *phase)
{
    const hex_state *s = getter_state(g, phase);
    if (!s)
        return HERD_E_ARG;
    *phase = s->phase;
    return HERD_OK;
}

int herd_hex_dice(const herd_game *g, int *lo, int *hi)
{
    const hex_state *s = state_of(g);
    if (!s)
        return HERD_E_ARG;
    if (lo)
        *lo = s->lo;
    if (hi)
        *hi = s->hi;
    return HERD_OK;
}

int herd_hex_left(const herd_game *g, int *left)
{
    const hex_state *s = getter_state(g, left);
    if (!s)
        return HERD_E_ARG;
    *left = s->left;
    return HERD_OK;
}

int herd_hex_turns(const herd_game *g, uint64_t *turns)
{
    const hex_state *s = getter_state(g, turns);
    if (!s)
        return HERD_E_ARG;
    *turns = s->turns;
    return HERD_OK;
}

int herd_hex_at(const herd_game *g, herd_cell cell, int *side)
{
    const hex_state *s = getter_state(g, side);
    if (!s || !on_board(s->size, cell.row, cell.col))
        return HERD_E_ARG;
    *side = (int)colour(s, grid_at(s->size, cell.row, cell.col)) - 1;
    return HERD_OK;
}

int herd_hex_stones(const herd_game *g, int side, int *stones)
{
    const hex_state *s = getter_state(g, stones);
    if (!s || side < 0 || side > 1)
        return HERD_E_ARG;
    *stones = s->stones[side];
    return HERD_OK;
}

static const herd_sparse_rules hex_sparse = {hex_nth_legal, hex_legal_bits};
static const herd_undo_rules hex_undo_rules = {sizeof(hex_undo), hex_undo_record, hex_undo_play};

const herd_rules herdi_hex_rules = {
    .desc =
        {
            .kind = HERD_HEX,
            .name = "hex",
            .title = "Herd on a hexhex board",
            .side_names = SIDE_NAMES,
            .options = hex_options,
            .option_count = sizeof hex_options / sizeof hex_options[0],
            .level_count = HERD_LEVEL_COUNT(hex_levels),
            .default_level = 1,
            .max_moves = HERD_HEX_MAX_MOVES,
            .has_chance = 1,
        },
    .state_size = sizeof(hex_state),
    .init = hex_init,
    .options_of = hex_given_options,
    .legal = hex_legal,
    .count = hex_count,
    .apply = hex_apply,
    .play = hex_play,
    .write_position = hex_write_position,
    .read_position = hex_read_position,
    .write_move = hex_write_move,
    .read_move = hex_read_move,
    .show = hex_show,
    .genmove = hex_genmove,
    .chance = hex_chance,
    .chance_total = 36,
    .levels = hex_levels,
    .hash = hex_hash,
    .evaluate = hex_evaluate,
    .num_actions = hex_num_actions,
    .action_index = hex_action_index,
    .action_move = hex_action_move,
    .legal_indices = hex_legal_indices,
    .observation_shape = hex_observation_shape,
    .observe = hex_observe,
    .sparse = &hex_sparse,
    .undo = &hex_undo_rules,
};
