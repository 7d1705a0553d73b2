/* Fox and Geese solved (fox_solve.h): the retrograde table, built goose set
 * by goose set, and its answers.
 *
 * Sets and vectors. A goose set is a 64-bit mask of the 7x7 grid's cells,
 * row r in byte r (cell row * 8 + col), so that column 7 of each byte is
 * never a point: a fox step is a shift, and no shift wraps onto a point.
 * Read as a number, such a mask orders sets as the points' indices do. For
 * each set the table keeps vectors over the fox's points (the points not
 * taken by a goose), compacted to those points in order: one bit each (who
 * wins) or, for the sets with few geese, one byte each (who wins and in
 * how many plies).
 *
 * Entries. The k-sets are ranked in colex order (the order of the numbers),
 * and a set and its mirror image share the entry of the smaller of the
 * two, its "canonical" form: a directory says, for each block of 64 ranks,
 * which are canonical and how many canonical sets come before the block.
 *
 * What is kept per set: F, the fox to move (not in a chain). The geese's
 * turn G and the value after a jump A (the chain, or G where no jump goes
 * on) follow from F of the sets one goose move away and from A one goose
 * fewer, so a question about them is answered from the kept F. While a goose
 * count is built, A of it and of one goose fewer are kept too (the bits
 * layers' working vectors); the sets with distances keep A for good.
 *
 * For one set S, with bits over the fox's points:
 *   G = AND over goose moves p->q (F of S-p+q, or the fox on q)
 *   J = fox points from which some jump over o to t lands where A(S-o) wins
 *       (every jump wins when it leaves fewer than four geese)
 *   F = steps(G) | J,  A = G | J
 * With sideways steps each count is swept until nothing changes, for the
 * fox's wins (Fw, Aw) and the geese's (Fl, Al): Fl = all steps in Gl and
 * every jump to Al; Al = Gl and every jump to Al. Bytes hold the value from
 * the fox's side: 255 - n for a fox win in n plies, n for a geese win; the
 * fox takes the largest, the geese the smallest, and one ply earlier a
 * value moves one step toward the middle (age()). */
#include <string.h>

#include "fox_solve.h"
#include "herd/fox.h"
#include "portable.h"

#if HERD_X86_64_BMI2
#    include <immintrin.h>
#endif
#define FS_INLINE HERD_ALWAYS_INLINE
#define POPCOUNT(x) herd_popcount64(x)
#define CTZ(x) herd_ctz64(x)

#define POINTS HERD_FOX_POINTS
#define MAXG HERD_FOX_MAX_GEESE
#define LEAST HERD_FOX_GEESE_TO_WIN /* fewer geese: captured */
#define ROWS HUNT_GRID
#define BIT(c) ((uint64_t)1 << (c))
#define FOX_WON 255        /* a fox win in 0 plies, as a byte */
#define CHECK_EVERY 0xffff /* sets between two calls of stop() */
#define ROW_SLACK 32       /* bytes after a layer's rows of distances, read whole */
#define GRID_PAD 9         /* the longest step's cell offset (a diagonal) */

/* ----------------------------------------------------------- geometry */

typedef struct geometry {
    uint64_t points;          /* cells that are points */
    int8_t point_at[64];      /* point index of a cell, -1 */
    uint8_t cell_of[POINTS];  /* cell of a point */
    uint8_t mirror[64];       /* the cell's left-right image */
    uint64_t link[HUNT_DIRS]; /* cells with a line leaving in direction d */
    uint8_t link_mask[HUNT_DIRS][64]; /* link[d] as bytes: 0xff on its cells, else 0 */
    int delta[HUNT_DIRS];     /* the cell offset of direction d */
    unsigned goose_dirs;
    uint64_t landing[64]; /* for a goose's cell o: the cells t of jumps 2o-t -> t over it */
    /* Colex rank: the term of row r holding the bits b with c geese in the
     * rows above it (the sum of the rows' terms is the rank). */
    uint32_t rank[ROWS][128][MAXG + 1];
    uint64_t binom[POINTS + 1][MAXG + 2];
} geometry;

static int cell_of_point(const hunt_board *b, int p)
{
    return b->cell[p].row * 8 + b->cell[p].col;
}

static int mirror_cell(int c)
{
    return (c & ~7) | (HUNT_GRID - 1 - (c & 7));
}

/* The image of a set of cells: each row's seven bits reversed. */
static inline uint64_t mirror_set(uint64_t x)
{
    x = (x & 0x5555555555555555u) << 1 | (x >> 1 & 0x5555555555555555u);
    x = (x & 0x3333333333333333u) << 2 | (x >> 2 & 0x3333333333333333u);
    x = (x & 0x0f0f0f0f0f0f0f0fu) << 4 | (x >> 4 & 0x0f0f0f0f0f0f0f0fu);
    return x >> 1; /* column 7 was empty: each row's reversal lands on 0..6 */
}

static void binomials(uint64_t c[POINTS + 1][MAXG + 2])
{
    for (int n = 0; n <= POINTS; n++)
        for (int k = 0; k <= MAXG + 1; k++)
            c[n][k] = k == 0 ? 1 : n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
}

static void geometry_init(geometry *g, int sideways)
{
    const hunt_board *b = fox_board();
    memset(g, 0, sizeof *g);
    memset(g->point_at, -1, sizeof g->point_at);
    for (int p = 0; p < b->points; p++) {
        int c = cell_of_point(b, p);
        g->cell_of[p] = (uint8_t)c;
        g->point_at[c] = (int8_t)p;
        g->points |= BIT(c);
    }
    for (int c = 0; c < 64; c++)
        g->mirror[c] = (uint8_t)mirror_cell(c);
    for (int p = 0; p < b->points; p++)
        for (int d = 0; d < HUNT_DIRS; d++) {
            int q = herdi_hunt_next(b, p, d), over = herdi_hunt_jumped(b, p, d);
            if (q >= 0) {
                g->link[d] |= BIT(cell_of_point(b, p));
                g->link_mask[d][cell_of_point(b, p)] = 0xff;
                g->delta[d] = cell_of_point(b, q) - cell_of_point(b, p);
            }
            if (over >= 0)
                g->landing[cell_of_point(b, over)] |=
                    BIT(cell_of_point(b, herdi_hunt_next(b, over, d)));
        }
    g->goose_dirs = HUNT_UP | (sideways ? HUNT_SIDEWAYS : 0);
    binomials(g->binom);
    for (int r = 0; r < ROWS; r++)
        for (unsigned bits = 0; bits < 128; bits++) {
            if (((uint64_t)bits << 8 * r) & ~g->points)
                continue; /* not a row of points */
            for (int c = 0; c + POPCOUNT(bits) <= MAXG; c++) {
                uint64_t term = 0;
                int j = c;
                for (int col = 0; col < 7; col++)
                    if (bits >> col & 1)
                        term += g->binom[g->point_at[r * 8 + col]][++j];
                g->rank[r][bits][c] = (uint32_t)term;
            }
        }
}

static inline uint64_t shifted(uint64_t x, int delta)
{
    return delta > 0 ? x >> delta : x << -delta; /* bit c of the result: bit c + delta */
}

/* The cells from which one step along a line reaches a cell of x. */
static inline uint64_t steps_into(const geometry *g, uint64_t x)
{
    uint64_t r = 0;
    for (int d = 0; d < HUNT_DIRS; d++)
        r |= shifted(x, g->delta[d]) & g->link[d];
    return r;
}

/* The geese that some jump can take: an empty point on either side. */
static inline uint64_t jumpable(const geometry *g, uint64_t set, uint64_t free)
{
    uint64_t r = 0;
    for (int d = 0; d < HUNT_DIRS / 2; d++)
        r |= g->link[d] & g->link[d + HUNT_DIRS / 2] & shifted(free, g->delta[d]) &
             shifted(free, g->delta[d + HUNT_DIRS / 2]);
    return set & r;
}

/* The next set of as many points in colex order (Gosper). */
static inline uint64_t next_set(uint64_t x)
{
    uint64_t low = x & (0 - x), r = x + low;
    return (((r ^ x) >> 2) >> CTZ(low)) | r;
}

/* -------------------------------------------------------- bit fields */

/* Bytes in the table's order, the same on any machine (lib/portable.h). */
#define load_le herd_load_le64
#define store_le herd_store_le64

/* Field i of width w (at most 29 bits, so that it lies in 8 bytes). */
static inline uint64_t field_get(const unsigned char *a, uint64_t i, int w)
{
    uint64_t bit = i * (uint64_t)w;
    return load_le(a + (bit >> 3)) >> (bit & 7) & (BIT(w) - 1);
}

static inline void field_put(unsigned char *a, uint64_t i, int w, uint64_t x)
{
    uint64_t bit = i * (uint64_t)w;
    unsigned char *p = a + (bit >> 3);
    uint64_t v = load_le(p) & ~((BIT(w) - 1) << (bit & 7));
    store_le(p, v | x << (bit & 7));
}

/* Bytes for n fields of w bits, with room for the last 8-byte read. */
static uint64_t fields_bytes(uint64_t n, int w)
{
    return (n * (uint64_t)w + 7) / 8 + 8;
}

/* Depositing the low bits of v on the set bits of m, and extracting the
 * bits of x under m: BMI2's pdep and pext, or loops. */
typedef uint64_t (*bits_fn)(uint64_t, uint64_t);

static inline uint64_t deposit_plain(uint64_t v, uint64_t m)
{
    uint64_t r = 0;
    for (; m; m &= m - 1, v >>= 1)
        if (v & 1)
            r |= m & (0 - m);
    return r;
}

static inline uint64_t extract_plain(uint64_t x, uint64_t m)
{
    uint64_t r = 0;
    for (int i = 0; m; m &= m - 1, i++)
        if (x & m & (0 - m))
            r |= BIT(i);
    return r;
}

#if HERD_X86_64_BMI2
HERD_TARGET_BMI2 static inline uint64_t deposit_bmi2(uint64_t v, uint64_t m)
{
    return _pdep_u64(v, m);
}
HERD_TARGET_BMI2 static inline uint64_t extract_bmi2(uint64_t x, uint64_t m)
{
    return _pext_u64(x, m);
}
#endif

/* ---------------------------------------------------------- the table */

typedef struct layer {
    uint64_t sets, canon, blocks;
    int width;     /* the fox's points: 33 - geese */
    int exact;     /* bytes (distances), else bits */
    uint32_t *dir; /* per 64 ranks: the canonical ones' bits (two words), the entries before */
    unsigned char *f, *fl;   /* the fox to move: bytes; or bits: fox wins, geese win */
    unsigned char *a;        /* after a jump, bytes (exact layers below the top, working) */
    unsigned char *wa, *wal; /* after a jump, bits: fox wins, geese win (working) */
    uint64_t *dirty;         /* sideways sweeps: the entries to look at again (working) */
    int top;                 /* the table's largest layer, whose A no layer reads */
    int convert;             /* an exact layer's wa: its bits for the next layer */
} layer;

struct fox_table {
    herd_alloc_fn alloc;
    void *alloc_ud;
    int sideways, geese, exact, plain;
    uint64_t held, peak;
    int dry; /* counting the bytes only */
    /* the build's stop and progress */
    int (*stop)(void *ud);
    void (*progress)(void *ud, double done);
    void *ud;
    double total, before, span, shown;
    geometry *geo; /* its own block: a walk that only counts needs none */
    layer layer[MAXG + 1];
};

/* The sizes of layer k's arrays, in the order the build takes them. */
enum { A_DIR, A_F, A_FL, A_A, A_WA, A_WAL, A_DIRTY, ARRAYS };

static uint64_t symmetric_sets(int k)
{
    const hunt_board *b = fox_board();
    uint64_t c[POINTS + 1][MAXG + 2], n = 0;
    int centre = 0;
    binomials(c);
    for (int p = 0; p < b->points; p++)
        centre += mirror_cell(cell_of_point(b, p)) == cell_of_point(b, p);
    for (int j = 0; 2 * j <= k; j++)
        if (k - 2 * j <= centre)
            n += c[(b->points - centre) / 2][j] * c[centre][k - 2 * j];
    return n;
}

static void layer_shape(layer *L, int k, int exact, int top)
{
    uint64_t c[POINTS + 1][MAXG + 2];
    binomials(c);
    L->sets = c[POINTS][k];
    L->canon = (L->sets + symmetric_sets(k)) / 2;
    L->blocks = (L->sets + 63) / 64;
    L->width = POINTS - k;
    L->exact = exact;
    L->top = top;
}

static uint64_t array_bytes(const fox_table *t, const layer *L, int which)
{
    int sw = t->sideways;
    switch (which) {
    case A_DIR:
        return L->blocks * 12;
    case A_F:
        return L->exact ? L->canon * (uint64_t)L->width + ROW_SLACK
                        : fields_bytes(L->canon, L->width);
    case A_FL:
        return sw ? fields_bytes(L->canon, L->width) : 0;
    case A_A:
        return L->exact && !L->top ? L->canon * (uint64_t)L->width : 0;
    case A_WA:
        return !L->exact || L->convert ? fields_bytes(L->canon, L->width) : 0;
    case A_WAL:
        return sw ? fields_bytes(L->canon, L->width) : 0;
    case A_DIRTY:
        return sw ? (L->canon + 63) / 64 * 8 : 0;
    default:
        return 0;
    }
}

static void **array_slot(layer *L, int which)
{
    void **slot[ARRAYS] = {(void **)&L->dir, (void **)&L->f,   (void **)&L->fl,   (void **)&L->a,
                           (void **)&L->wa,  (void **)&L->wal, (void **)&L->dirty};
    return slot[which];
}

static int take(fox_table *t, int k, int which)
{
    layer *L = &t->layer[k];
    uint64_t n = array_bytes(t, L, which);
    if (n == 0)
        return HERD_OK;
    t->held += n;
    if (t->held > t->peak)
        t->peak = t->held;
    if (t->dry) {
        *array_slot(L, which) = t; /* held, as far as counting goes */
        return HERD_OK;
    }
    void *p = t->alloc(t->alloc_ud, NULL, 0, (size_t)n);
    if (!p) {
        t->held -= n;
        return HERD_E_NOMEM;
    }
    memset(p, 0, (size_t)n);
    *array_slot(L, which) = p;
    return HERD_OK;
}

static void drop(fox_table *t, int k, int which)
{
    layer *L = &t->layer[k];
    void **slot = array_slot(L, which);
    uint64_t n = array_bytes(t, L, which);
    if (!*slot)
        return;
    if (!t->dry)
        t->alloc(t->alloc_ud, *slot, (size_t)n, 0);
    *slot = NULL;
    t->held -= n;
}

static void drop_working(fox_table *t, int k)
{
    drop(t, k, A_A);
    drop(t, k, A_WA);
    drop(t, k, A_WAL);
    drop(t, k, A_DIRTY);
}

/* --------------------------------------------------------- the build */

/* Stop and progress, every CHECK_EVERY sets: `done` is the fraction of the
 * current pass. */
static int tick(fox_table *t, double done)
{
    if (t->stop && t->stop(t->ud))
        return HERD_E_INTERRUPTED;
    double all = (t->before + t->span * done) / t->total;
    if (t->progress && all >= t->shown + 0.001) {
        t->shown = all;
        t->progress(t->ud, all > 1 ? 1 : all);
    }
    return HERD_OK;
}

/* A set seen one way (as it is, or mirrored), with what the ranks of its
 * neighbours need: each row's bits, the geese above the row and the row's
 * term of the rank. */
typedef struct view {
    uint64_t set, rank;
    uint32_t term[ROWS];
    uint8_t bits[ROWS], above[ROWS];
    uint64_t before[ROWS], after[ROWS]; /* view_removals(): rows above, rows below less one */
} view;

FS_INLINE void view_init(const geometry *g, view *v, uint64_t set)
{
    int c = 0;
    v->set = set;
    v->rank = 0;
    for (int r = 0; r < ROWS; r++) {
        unsigned b = (unsigned)(set >> 8 * r) & 0x7f;
        v->bits[r] = (uint8_t)b;
        v->above[r] = (uint8_t)c;
        v->term[r] = g->rank[r][b][c];
        v->rank += v->term[r];
        c += POPCOUNT(b);
    }
}

/* The rank of the set with the goose on p moved to q, in p's row or a
 * row next to it: up (a move), or down (a move taken back). */
FS_INLINE uint64_t rank_moved(const geometry *g, const view *v, int p, int q)
{
    int rp = p >> 3, rq = q >> 3;
    unsigned bp = 1u << (p & 7), bq = 1u << (q & 7);
    if (rp == rq)
        return v->rank - v->term[rp] + g->rank[rp][v->bits[rp] ^ bp ^ bq][v->above[rp]];
    /* The lower row of the two has one goose more (up) or fewer above it. */
    int up = rq < rp;
    return v->rank - v->term[rq] - v->term[rp] + g->rank[rq][v->bits[rq] | bq][v->above[rq] - !up] +
           g->rank[rp][v->bits[rp] & ~bp][v->above[rp] + up];
}

/* What rank_removed() needs: for each row the terms of the rows above it,
 * and of the rows below it with one goose fewer above them. */
FS_INLINE void view_removals(const geometry *g, view *v)
{
    uint64_t sum = 0;
    for (int r = 0; r < ROWS; r++) {
        v->before[r] = sum;
        sum += v->term[r];
    }
    sum = 0;
    for (int r = ROWS - 1; r >= 0; r--) {
        v->after[r] = sum;
        sum += g->rank[r][v->bits[r]][v->above[r] ? v->above[r] - 1 : 0];
    }
}

/* The rank among the sets of one goose fewer of the set without o. */
FS_INLINE uint64_t rank_removed(const geometry *g, const view *v, int o)
{
    int ro = o >> 3;
    return v->before[ro] + g->rank[ro][v->bits[ro] & ~(1u << (o & 7))][v->above[ro]] + v->after[ro];
}

static uint64_t rank_of(const geometry *g, uint64_t set)
{
    view v;
    view_init(g, &v, set);
    return v.rank;
}

FS_INLINE uint64_t entry_of(const layer *L, uint64_t rank)
{
    const uint32_t *d = L->dir + 3 * (rank >> 6);
    uint64_t mask = (uint64_t)d[1] << 32 | d[0];
    return d[2] + (uint64_t)POPCOUNT(mask & (BIT(rank & 63) - 1));
}

/* The directory as a pass goes: a block's count where it starts, each
 * canonical rank's bit. */
static inline void directory_block(layer *L, uint64_t rank, uint64_t entry)
{
    if (!(rank & 63))
        L->dir[3 * (rank >> 6) + 2] = (uint32_t)entry;
}

static inline void directory_mark(layer *L, uint64_t rank)
{
    L->dir[3 * (rank >> 6) + (rank >> 5 & 1)] |= 1u << (rank & 31);
}

/* Where a neighbour set is kept: its entry, the fox's points of the set
 * kept there, and whether that is the neighbour's mirror image. */
typedef struct found {
    uint64_t entry, free;
    int mirrored;
} found;

FS_INLINE void find_moved(const geometry *g, const layer *L, const view *x, const view *m, int p,
                          int q, found *out)
{
    uint64_t s = x->set ^ BIT(p) ^ BIT(q);
    int mp = g->mirror[p], mq = g->mirror[q];
    uint64_t ms = m->set ^ BIT(mp) ^ BIT(mq);
    out->mirrored = ms < s;
    out->free = g->points & ~(out->mirrored ? ms : s);
    out->entry = entry_of(L, out->mirrored ? rank_moved(g, m, mp, mq) : rank_moved(g, x, p, q));
}

FS_INLINE void find_removed(const geometry *g, const layer *L, const view *x, const view *m, int o,
                            found *out)
{
    uint64_t s = x->set ^ BIT(o);
    int mo = g->mirror[o];
    uint64_t ms = m->set ^ BIT(mo);
    out->mirrored = ms < s;
    out->free = g->points & ~(out->mirrored ? ms : s);
    out->entry = entry_of(L, out->mirrored ? rank_removed(g, m, mo) : rank_removed(g, x, o));
}

/* A kept bit vector back on the cells of the set asked for. */
FS_INLINE uint64_t unpack(bits_fn deposit, const unsigned char *a, int w, const found *f)
{
    uint64_t v = deposit(field_get(a, f->entry, w), f->free);
    return f->mirrored ? mirror_set(v) : v;
}

/* The directory of layer k, for sideways sweeps that look ahead. */
FS_INLINE void directory(fox_table *t, int k, bits_fn deposit)
{
    const geometry *g = t->geo;
    layer *L = &t->layer[k];
    uint64_t canon = 0, rank = 0;
    for (uint64_t set = BIT(k) - 1; set < BIT(POINTS); set = next_set(set), rank++) {
        uint64_t s = deposit(set, g->points);
        directory_block(L, rank, canon);
        if (mirror_set(s) >= s) {
            directory_mark(L, rank);
            canon++;
        }
    }
}

/* The fox's points, on the board, where a set's values with the fox to
 * move have just become a fox win (w) or a geese win (l). They only ever
 * grow: a sweep starts from no win known and adds what it finds. */
typedef struct gains {
    uint64_t w, l;
} gains;

/* Of the fox's points `won`, whether any is one from which every goose
 * move of x's set (m: its mirror image) leads to a fox win. */
FS_INLINE int every_move_loses(const geometry *g, const layer *L, const view *x, const view *m,
                               uint64_t won, bits_fn deposit)
{
    uint64_t s = x->set, free = g->points & ~s;
    found f;
    for (int d = 0; d < HUNT_DIRS && won; d++) {
        if (!(g->goose_dirs >> d & 1))
            continue;
        for (uint64_t movers = s & g->link[d] & shifted(free, g->delta[d]); movers && won;
             movers &= movers - 1) {
            int p = CTZ(movers), q = p + g->delta[d];
            find_moved(g, L, x, m, p, q, &f);
            won &= unpack(deposit, L->f, L->width, &f) | BIT(q);
        }
    }
    return won != 0;
}

/* One set's bit vectors from its neighbours', at its entry: the values
 * with the fox to move (F; with sideways steps also Fl) and after a jump
 * (wa, wal). Says whether F or Fl moved, and where in *gained (only
 * compared with sideways steps, where a sweep may come back to a set). */
FS_INLINE int solve_set(const geometry *g, layer *L, const layer *P, int k, int sw, view *x,
                        view *m, uint64_t entry, bits_fn deposit, bits_fn extract, gains *gained)
{
    uint64_t s = x->set, free = g->points & ~s;
    int w = L->width, pw = w + 1, moved = 0;
    found f;
    uint64_t gw = free, gl = 0;
    for (int d = 0; d < HUNT_DIRS; d++) {
        if (!(g->goose_dirs >> d & 1))
            continue;
        uint64_t movers = s & g->link[d] & shifted(free, g->delta[d]);
        for (; movers && (sw || gw); movers &= movers - 1) {
            int p = CTZ(movers), q = p + g->delta[d];
            find_moved(g, L, x, m, p, q, &f);
            if (gw) /* the loop goes on for gl with sideways steps */
                gw &= unpack(deposit, L->f, w, &f) | BIT(q);
            if (sw)
                gl |= unpack(deposit, L->fl, w, &f) & ~BIT(q);
        }
    }
    uint64_t jw = 0, jl = free, js = jumpable(g, s, free);
    if (js && k > LEAST) {
        view_removals(g, x);
        view_removals(g, m);
    }
    for (; js; js &= js - 1) {
        int o = CTZ(js);
        uint64_t aw = ~(uint64_t)0, al = 0; /* fewer than four geese left */
        if (k > LEAST) {
            find_removed(g, P, x, m, o, &f);
            aw = unpack(deposit, P->wa, pw, &f);
            if (sw)
                al = unpack(deposit, P->wal, pw, &f);
        }
        for (uint64_t to = g->landing[o] & free; to; to &= to - 1) {
            int tc = CTZ(to), fc = 2 * o - tc;
            if (!(free >> fc & 1))
                continue;
            if (aw >> tc & 1)
                jw |= BIT(fc);
            if (!(al >> tc & 1))
                jl &= ~BIT(fc);
        }
    }
    gl &= free;
    uint64_t fw = extract((steps_into(g, gw) | jw) & free, free);
    field_put(L->wa, entry, w, extract(gw | jw, free));
    if (sw) {
        uint64_t fl = extract(~steps_into(g, free & ~gl) & jl & free, free);
        field_put(L->wal, entry, w, extract(gl & jl, free));
        uint64_t was = field_get(L->f, entry, w), was_l = field_get(L->fl, entry, w);
        if (was != fw || was_l != fl) {
            moved = 1;
            gained->w = deposit(fw & ~was, free);
            gained->l = deposit(fl & ~was_l, free);
            field_put(L->fl, entry, w, fl);
        }
    }
    field_put(L->f, entry, w, fw);
    return moved;
}

/* The values of x's set moved: the sets from which a goose move leads to
 * it are marked to be looked at again (its entry's own mark included,
 * should its mirror image be one of them). A sweep over every set reaches
 * the later ones anyway, and a move up always comes from a later set: it
 * marks only the earlier sets of sideways moves.
 * A set reads this one's fox wins only through the geese's move, a fox
 * win when every goose move is one; so a gain of fox wins alone marks it
 * only where all its other moves already lead to fox wins. Whichever of
 * its moves gains last sees the others' gains, so none is missed. (With
 * 8 geese the sweeps after the first then look at 0.1% of the sets,
 * where marking every predecessor had them look at half.) */
FS_INLINE void mark_predecessors(const geometry *g, layer *L, const view *x, const view *m,
                                 uint64_t entry, int every, const gains *gained, bits_fn deposit)
{
    uint64_t s = x->set, free = g->points & ~s;
    for (int d = 0; d < HUNT_DIRS; d++) {
        if (!(g->goose_dirs >> d & 1) || (!every && !(HUNT_SIDEWAYS >> d & 1)))
            continue;
        /* a goose on the free point p that steps along d to q */
        for (uint64_t ps = free & g->link[d] & shifted(s, g->delta[d]); ps; ps &= ps - 1) {
            int p = CTZ(ps), q = p + g->delta[d];
            found f;
            find_moved(g, L, x, m, q, p, &f);
            if (!every && f.entry > entry)
                continue;
            if (L->dirty[f.entry >> 6] >> (f.entry & 63) & 1)
                continue;
            if (!(gained->l & ~BIT(p))) { /* p: the fox is not there */
                uint64_t won = gained->w & ~BIT(p), before = s ^ BIT(p) ^ BIT(q);
                if (!won)
                    continue;
                view bx, bm;
                view_init(g, &bx, before);
                view_init(g, &bm, mirror_set(before));
                if (!every_move_loses(g, L, &bx, &bm, won, deposit))
                    continue;
            }
            L->dirty[f.entry >> 6] |= BIT(f.entry & 63);
        }
    }
}

/* One pass over the sets of k geese with bit vectors: the whole solution
 * without sideways steps, the first sweep with them (*changed counts the
 * sets whose values moved). The directory is filled on the way without
 * sideways steps (a set looks only at earlier ones). */
FS_INLINE int pass_bits(fox_table *t, int k, int sw, bits_fn deposit, bits_fn extract,
                        uint64_t *changed)
{
    const geometry *g = t->geo;
    layer *L = &t->layer[k], *P = &t->layer[k - 1];
    int rc;
    uint64_t entry = 0, rank = 0, moved = 0;
    for (uint64_t set = BIT(k) - 1; set < BIT(POINTS); set = next_set(set), rank++) {
        if (!(rank & CHECK_EVERY) && (rc = tick(t, (double)rank / (double)L->sets)) != HERD_OK)
            return rc;
        uint64_t s = deposit(set, g->points), ms = mirror_set(s);
        if (!sw)
            directory_block(L, rank, entry);
        if (ms < s)
            continue;
        if (!sw)
            directory_mark(L, rank);
        view x, m;
        view_init(g, &x, s);
        view_init(g, &m, ms);
        gains gained = {0, 0}; /* set when solve_set() says moved; gcc for s390x cannot tell */
        if (solve_set(g, L, P, k, sw, &x, &m, entry, deposit, extract, &gained)) {
            moved++;
            mark_predecessors(g, L, &x, &m, entry, 0, &gained, deposit);
        }
        entry++;
    }
    *changed = moved;
    return HERD_OK;
}

/* The set (points as bits, as next_set() counts them) of layer k's entry
 * e: its rank from the directory, then the colex unranking. */
FS_INLINE uint64_t set_of_entry(const geometry *g, const layer *L, int k, uint64_t e,
                                bits_fn deposit)
{
    uint64_t lo = 0, hi = L->blocks - 1;
    while (lo < hi) { /* the last block with at most e entries before it */
        uint64_t mid = (lo + hi + 1) / 2;
        if (L->dir[3 * mid + 2] <= e)
            lo = mid;
        else
            hi = mid - 1;
    }
    const uint32_t *d = L->dir + 3 * lo;
    uint64_t mask = (uint64_t)d[1] << 32 | d[0];
    uint64_t rank = lo * 64 + (uint64_t)CTZ(deposit(BIT(e - d[2]), mask)), set = 0;
    for (int i = k, c = POINTS - 1; i >= 1; i--, c--) {
        while (g->binom[c][i] > rank)
            c--;
        set |= BIT(c);
        rank -= g->binom[c][i];
    }
    return set;
}

/* A later sweep with sideways steps: only the marked sets, each unmarked
 * as it is looked at; those it marks in turn come in this sweep when they
 * come later, else in the next. *looked counts the sets looked at. */
FS_INLINE int pass_marked(fox_table *t, int k, bits_fn deposit, bits_fn extract, uint64_t *looked)
{
    const geometry *g = t->geo;
    layer *L = &t->layer[k], *P = &t->layer[k - 1];
    uint64_t words = (L->canon + 63) / 64, n = 0, next = UINT64_MAX, set = 0;
    int rc;
    for (uint64_t i = 0; i < words; i++)
        while (L->dirty[i]) {
            uint64_t e = i * 64 + (uint64_t)CTZ(L->dirty[i]), s;
            L->dirty[i] &= L->dirty[i] - 1;
            if (!(n++ & CHECK_EVERY) && (rc = tick(t, (double)i / (double)words)) != HERD_OK)
                return rc;
            if (e == next) { /* the next canonical set in order */
                do
                    s = deposit(set = next_set(set), g->points);
                while (mirror_set(s) < s);
            } else {
                s = deposit(set = set_of_entry(g, L, k, e, deposit), g->points);
            }
            next = e + 1;
            view x, m;
            view_init(g, &x, s);
            view_init(g, &m, mirror_set(s));
            gains gained = {0, 0}; /* as in pass_bits() */
            if (solve_set(g, L, P, k, 1, &x, &m, e, deposit, extract, &gained))
                mark_predecessors(g, L, &x, &m, e, 1, &gained, deposit);
        }
    *looked = n;
    return HERD_OK;
}

static inline unsigned char age(unsigned char v)
{
    return (unsigned char)(v >= 128 ? v - 1 : v + 1);
}

/* The place of the fox's point c among a set's fox points (free), in the
 * order the set's row of the table lists them. */
FS_INLINE int place_of(uint64_t free, int c)
{
    return POPCOUNT(free & (BIT(c) - 1));
}

FS_INLINE void min_into(unsigned char *best, const unsigned char *row, int n)
{
    for (int i = 0; i < n; i++)
        best[i] = row[i] < best[i] ? row[i] : best[i];
}

/* Where a set's fox points (free, in row order) stand in the row of the
 * set with a goose moved from p to q. That set's fox points are this set's
 * but q (the goose now there: no goose moves onto the fox), and p; so the
 * points at places lo..hi-1, between p and q, have theirs one later in the
 * row (p before them, `later`) or one earlier (q no longer before them),
 * the place `gone` (q) has none, and the others keep theirs. */
typedef struct moved_places {
    int gone, lo, hi, later;
} moved_places;

FS_INLINE moved_places places_moved(uint64_t free, int p, int q)
{
    int ip = place_of(free, p), iq = place_of(free, q);
    moved_places m = {iq, ip < iq ? ip : iq + 1, ip < iq ? iq : ip, ip < iq};
    return m;
}

/* For each fox point of a set but q, the smaller of best's value and the
 * row's of the set with a goose moved from p to q (places_moved()). */
FS_INLINE void merge_moved_plain(unsigned char *best, const unsigned char *row, uint64_t free,
                                 int p, int q, int w)
{
    moved_places m = places_moved(free, p, q);
    int before = m.lo < m.gone ? m.lo : m.gone, after = m.hi > m.gone + 1 ? m.hi : m.gone + 1;
    min_into(best, row, before);
    min_into(best + m.lo, row + m.lo + (m.later ? 1 : -1), m.hi - m.lo);
    min_into(best + after, row + after, w - after);
}

#if HERD_X86_64_BMI2
/* merge_moved_plain() sixteen points at a time (SSE2, which every x86-64
 * has), on rows of at most 32 points: the row's two halves are read
 * whole, past its end (ROW_SLACK), and shifted one place either way. */
FS_INLINE void merge_moved_sse2(unsigned char *best, const unsigned char *row, uint64_t free,
                                int p, int q, int w)
{
    (void)w;
    moved_places m = places_moved(free, p, q);
    __m128i r[2], shifted_row[2];
    r[0] = _mm_loadu_si128((const __m128i *)row);
    r[1] = _mm_loadu_si128((const __m128i *)(row + 16));
    if (m.later) { /* place i takes the row's i + 1 */
        shifted_row[0] = _mm_or_si128(_mm_srli_si128(r[0], 1), _mm_slli_si128(r[1], 15));
        shifted_row[1] = _mm_srli_si128(r[1], 1);
    } else { /* place i takes the row's i - 1 */
        shifted_row[0] = _mm_slli_si128(r[0], 1);
        shifted_row[1] = _mm_or_si128(_mm_slli_si128(r[1], 1), _mm_srli_si128(r[0], 15));
    }
    __m128i from = _mm_set1_epi8((char)m.lo), to = _mm_set1_epi8((char)m.hi),
            gone = _mm_set1_epi8((char)m.gone),
            first = _mm_setr_epi8(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    for (int half = 0; half < 2; half++) {
        __m128i place = _mm_add_epi8(first, _mm_set1_epi8((char)(16 * half)));
        __m128i moved = _mm_andnot_si128(_mm_cmplt_epi8(place, from), _mm_cmplt_epi8(place, to));
        __m128i v = _mm_or_si128(_mm_and_si128(moved, shifted_row[half]),
                                 _mm_andnot_si128(moved, r[half]));
        v = _mm_or_si128(v, _mm_cmpeq_epi8(place, gone)); /* q: no value (FOX_WON) */
        __m128i *b = (__m128i *)(best + 16 * half);
        _mm_storeu_si128(b, _mm_min_epu8(_mm_loadu_si128(b), v));
    }
}
#endif

/* The fox's best step from each cell, as the age()d value of the geese's
 * turn there (gv, by cell, 0 off the fox's points): 0 where no step is
 * left (trapped). Whole rows of cells at once, the same work for each. */
FS_INLINE void best_steps(const geometry *g, const unsigned char *gv, unsigned char *step)
{
    memset(step, 0, 64);
    for (int d = 0; d < HUNT_DIRS; d++) {
        const unsigned char *to = gv + g->delta[d], *line = g->link_mask[d];
        for (int c = 0; c < 64; c++) {
            unsigned char v = to[c] & line[c];
            step[c] = v > step[c] ? v : step[c];
        }
    }
}

typedef void (*merge_fn)(unsigned char *best, const unsigned char *row, uint64_t free, int p,
                         int q, int w);

/* One pass over the sets of k geese with distances (no sideways steps). */
FS_INLINE int pass_exact(fox_table *t, int k, bits_fn deposit, merge_fn merge_moved)
{
    const geometry *g = t->geo;
    layer *L = &t->layer[k], *P = &t->layer[k - 1];
    int w = L->width, pw = w + 1, rc;
    uint64_t entry = 0, rank = 0;
    for (uint64_t set = BIT(k) - 1; set < BIT(POINTS); set = next_set(set), rank++) {
        if (!(rank & CHECK_EVERY) && (rc = tick(t, (double)rank / (double)L->sets)) != HERD_OK)
            return rc;
        uint64_t s = deposit(set, g->points), ms = mirror_set(s);
        directory_block(L, rank, entry);
        if (ms < s)
            continue;
        directory_mark(L, rank);
        uint64_t free = g->points & ~s, mfree = g->points & ~ms, jumps = 0;
        view x, m;
        found f = {0, 0, 0};
        /* best: the geese's best move against each fox point, in the
         * order of this set's row; mbest: those kept as a mirror image,
         * in the order of the mirror's row. cells: the geese's turn and
         * the fox's best step, by cell, with room for a step off the
         * grid on either side (GRID_PAD). */
        unsigned char best[64], mbest[64], jv[64], steps[64], cells[64 + 2 * GRID_PAD];
        unsigned char *gv = cells + GRID_PAD;
        int mirrored = 0;
        view_init(g, &x, s);
        view_init(g, &m, ms);
        memset(best, FOX_WON, sizeof best); /* FOX_WON: no move yet (F is never 255) */
        memset(mbest, FOX_WON, sizeof mbest);
        memset(jv, 0, sizeof jv);
        for (int d = 0; d < HUNT_DIRS; d++) {
            if (!(g->goose_dirs >> d & 1))
                continue;
            for (uint64_t mv = s & g->link[d] & shifted(free, g->delta[d]); mv; mv &= mv - 1) {
                int p = CTZ(mv), q = p + g->delta[d];
                find_moved(g, L, &x, &m, p, q, &f);
                const unsigned char *row = L->f + f.entry * (uint64_t)w;
                if (f.mirrored)
                    merge_moved(mbest, row, mfree, g->mirror[p], g->mirror[q], w);
                else
                    merge_moved(best, row, free, p, q, w);
                mirrored |= f.mirrored;
            }
        }
        memset(cells, 0, sizeof cells);
        int i = 0;
        for (uint64_t c = free; c; c &= c - 1, i++) {
            int at = CTZ(c);
            unsigned char b = best[i];
            if (mirrored) {
                unsigned char mb = mbest[place_of(mfree, g->mirror[at])];
                b = mb < b ? mb : b;
            }
            gv[at] = b == FOX_WON ? FOX_WON : age(b);
        }
        uint64_t js = jumpable(g, s, free);
        if (js && k > LEAST) {
            view_removals(g, &x);
            view_removals(g, &m);
        }
        for (; js; js &= js - 1) {
            int o = CTZ(js);
            if (k > LEAST)
                find_removed(g, P, &x, &m, o, &f);
            for (uint64_t to = g->landing[o] & free; to; to &= to - 1) {
                int tc = CTZ(to), fc = 2 * o - tc;
                if (!(free >> fc & 1))
                    continue;
                unsigned char v = FOX_WON - 1; /* fewer than four geese left */
                if (k > LEAST) {
                    int at = f.mirrored ? g->mirror[tc] : tc;
                    v = age(
                        P->a[f.entry * (uint64_t)pw + (uint64_t)POPCOUNT(f.free & (BIT(at) - 1))]);
                }
                jumps |= BIT(fc);
                jv[fc] = v > jv[fc] ? v : jv[fc];
            }
        }
        best_steps(g, gv, steps);
        unsigned char *fo = L->f + entry * (uint64_t)w;
        unsigned char *ao = L->a ? L->a + entry * (uint64_t)w : NULL; /* none for the top */
        for (uint64_t cs = free; cs; cs &= cs - 1) {
            int c = CTZ(cs);
            unsigned char v = steps[c] ? age(steps[c]) : 0; /* 0: trapped */
            *fo++ = jv[c] > v ? jv[c] : v;
            v = age(gv[c]);
            if (ao)
                *ao++ = jumps >> c & 1 ? (jv[c] > v ? jv[c] : v) : gv[c];
        }
        entry++;
    }
    return HERD_OK;
}

#define PASSES(NAME, ATTR, DEPOSIT, EXTRACT, MERGE)                              \
    ATTR static int pass_fixed_##NAME(fox_table *t, int k, uint64_t *changed)    \
    {                                                                            \
        return pass_bits(t, k, 0, DEPOSIT, EXTRACT, changed);                    \
    }                                                                            \
    ATTR static int pass_sideways_##NAME(fox_table *t, int k, uint64_t *changed) \
    {                                                                            \
        return pass_bits(t, k, 1, DEPOSIT, EXTRACT, changed);                    \
    }                                                                            \
    ATTR static int pass_marked_##NAME(fox_table *t, int k, uint64_t *looked)    \
    {                                                                            \
        return pass_marked(t, k, DEPOSIT, EXTRACT, looked);                      \
    }                                                                            \
    ATTR static int pass_exact_##NAME(fox_table *t, int k)                       \
    {                                                                            \
        return pass_exact(t, k, DEPOSIT, MERGE);                                 \
    }                                                                            \
    ATTR static void directory_##NAME(fox_table *t, int k)                       \
    {                                                                            \
        directory(t, k, DEPOSIT);                                                \
    }

PASSES(plain, , deposit_plain, extract_plain, merge_moved_plain)
#if HERD_X86_64_BMI2
PASSES(bmi2, HERD_TARGET_BMI2, deposit_bmi2, extract_bmi2,
       merge_moved_sse2)
#endif

typedef struct passes {
    int (*fixed)(fox_table *t, int k, uint64_t *changed);
    int (*sideways)(fox_table *t, int k, uint64_t *changed);
    int (*marked)(fox_table *t, int k, uint64_t *looked);
    int (*exact)(fox_table *t, int k);
    void (*directory)(fox_table *t, int k);
} passes;

static passes choose_passes(const fox_table *t)
{
    passes p = {pass_fixed_plain, pass_sideways_plain, pass_marked_plain, pass_exact_plain,
                directory_plain};
#if HERD_X86_64_BMI2
    if (!t->plain && herd_cpu_has_bmi2()) {
        passes b = {pass_fixed_bmi2, pass_sideways_bmi2, pass_marked_bmi2, pass_exact_bmi2,
                    directory_bmi2};
        p = b;
    }
#else
    (void)t;
#endif
    return p;
}

/* Layer D's values after a jump as bits, for layer D + 1. */
static void exact_to_bits(fox_table *t, int k)
{
    layer *L = &t->layer[k];
    for (uint64_t e = 0; e < L->canon; e++) {
        uint64_t bits = 0;
        for (int j = 0; j < L->width; j++)
            bits |= (uint64_t)(L->a[e * (uint64_t)L->width + (uint64_t)j] >= 128) << j;
        field_put(L->wa, e, L->width, bits);
    }
}

static int solve_layer(fox_table *t, int k, const passes *p)
{
    layer *L = &t->layer[k];
    uint64_t changed;
    if (L->exact)
        return p->exact(t, k);
    if (!t->sideways)
        return p->fixed(t, k, &changed);
    p->directory(t, k);
    /* A sweep over every set, then sweeps over the marked ones until none
     * is left; sweep i covers progress from 1 - 2^-i to 1 - 2^-(i+1) of the
     * layer's share. */
    double share = t->span, start = t->before;
    t->span = share / 2;
    int rc = p->sideways(t, k, &changed);
    for (int i = 1; rc == HERD_OK; i++) {
        t->before = start + share * (1 - 1.0 / (double)(1ull << (i < 62 ? i : 62)));
        t->span = share / (double)(2ull << (i < 61 ? i : 61));
        uint64_t looked;
        rc = p->marked(t, k, &looked);
        if (rc == HERD_OK && looked == 0)
            break;
    }
    t->before = start;
    t->span = share;
    return rc;
}

/* Takes the arrays in order and, unless counting, solves each layer. */
static int walk(fox_table *t)
{
    passes p = choose_passes(t);
    for (int k = LEAST; k <= t->geese; k++) {
        layer_shape(&t->layer[k], k, k <= t->exact, k == t->geese);
        for (int a = A_DIR; a < ARRAYS; a++) {
            int rc = take(t, k, a);
            if (rc != HERD_OK)
                return rc;
        }
        if (!t->dry) {
            t->span = (double)t->layer[k].sets;
            int rc = solve_layer(t, k, &p);
            t->before += t->span;
            if (rc != HERD_OK)
                return rc;
        }
        drop(t, k, A_DIRTY);
        if (k > LEAST)
            drop_working(t, k - 1);
        if (k == t->exact && k < t->geese) {
            t->layer[k].convert = 1;
            int rc = take(t, k, A_WA);
            if (rc != HERD_OK)
                return rc;
            if (!t->dry)
                exact_to_bits(t, k);
            drop(t, k, A_A);
        }
    }
    drop_working(t, t->geese);
    return HERD_OK;
}

static int check_options(const fox_solve_options *o, herd_msg msg)
{
    if (!o)
        return herdi_fail(msg, HERD_E_ARG, "no options");
    if (o->sideways != 0 && o->sideways != 1)
        return herdi_fail(msg, HERD_E_ARG, "sideways=%d is not 0 or 1", o->sideways);
    if (o->geese < LEAST || o->geese > MAXG)
        return herdi_fail(msg, HERD_E_ARG, "geese=%d is out of range %d..%d", o->geese, LEAST,
                          MAXG);
    int most = o->geese < FOX_SOLVE_MAX_EXACT ? o->geese : FOX_SOLVE_MAX_EXACT;
    if (o->exact != 0 && (o->exact < LEAST || o->exact > most))
        return herdi_fail(msg, HERD_E_ARG, "exact=%d is not 0 or %d..%d", o->exact, LEAST, most);
    if (o->exact && o->sideways)
        return herdi_fail(msg, HERD_E_UNSUPPORTED,
                          "distances are kept only without sideways steps (exact=0)");
    return HERD_OK;
}

static void table_init(fox_table *t, const fox_solve_options *o)
{
    memset(t, 0, sizeof *t);
    t->alloc = o->alloc ? o->alloc : herdi_default_alloc;
    t->alloc_ud = o->alloc_ud;
    t->sideways = o->sideways;
    t->geese = o->geese;
    t->exact = o->exact;
    t->plain = o->plain;
    t->held = t->peak = sizeof *t + sizeof(geometry);
}

void herdi_fox_solve_default_options(fox_solve_options *o)
{
    if (!o)
        return;
    memset(o, 0, sizeof *o);
    o->geese = 13;
    o->exact = 8;
    o->memory = UINT64_MAX;
}

/* The peak and the kept bytes, by a walk that only counts. */
static uint64_t count_bytes(const fox_solve_options *o, uint64_t *kept)
{
    fox_table t;
    table_init(&t, o);
    t.dry = 1;
    walk(&t);
    *kept = t.held;
    return t.peak;
}

uint64_t herdi_fox_solve_need(const fox_solve_options *o, uint64_t *kept)
{
    char buf[1];
    herd_msg none = {buf, sizeof buf};
    if (kept)
        *kept = 0;
    if (check_options(o, none) != HERD_OK)
        return 0;
    uint64_t k, peak = count_bytes(o, &k);
    if (peak > SIZE_MAX)
        return 0;
    if (kept)
        *kept = k;
    return peak;
}

static void free_arrays(fox_table *t)
{
    for (int k = LEAST; k <= MAXG; k++)
        for (int a = A_DIR; a < ARRAYS; a++)
            drop(t, k, a);
}

void herdi_fox_solve_free(fox_table *t)
{
    if (!t)
        return;
    free_arrays(t);
    if (t->geo)
        t->alloc(t->alloc_ud, t->geo, sizeof *t->geo, 0);
    t->alloc(t->alloc_ud, t, sizeof *t, 0);
}

int herdi_fox_solve_build(fox_table **out, const fox_solve_options *o, herd_msg msg)
{
    int rc = check_options(o, msg);
    if (rc != HERD_OK)
        return rc;
    if (!out)
        return herdi_fail(msg, HERD_E_ARG, "no place for the table");
    uint64_t need = herdi_fox_solve_need(o, NULL);
    if (need == 0)
        return herdi_fail(msg, HERD_E_UNSUPPORTED,
                          "a fox table of %d geese does not fit in this machine's address space",
                          o->geese);
    if (need > o->memory)
        return herdi_fail(msg, HERD_E_UNSUPPORTED,
                          "a fox table of %d geese needs %.2f GB (%llu bytes), over the limit of "
                          "%llu bytes",
                          o->geese, (double)need / 1e9, (unsigned long long)need,
                          (unsigned long long)o->memory);
    herd_alloc_fn alloc = o->alloc ? o->alloc : herdi_default_alloc;
    fox_table *t = alloc(o->alloc_ud, NULL, 0, sizeof *t);
    if (!t)
        return herdi_fail(msg, HERD_E_NOMEM, "out of memory for the fox table");
    table_init(t, o);
    t->geo = alloc(o->alloc_ud, NULL, 0, sizeof *t->geo);
    if (!t->geo) {
        herdi_fox_solve_free(t);
        return herdi_fail(msg, HERD_E_NOMEM, "out of memory for the fox table");
    }
    geometry_init(t->geo, t->sideways);
    t->stop = o->stop;
    t->progress = o->progress;
    t->ud = o->ud;
    for (int k = LEAST; k <= t->geese; k++) {
        layer L;
        layer_shape(&L, k, 0, 0);
        t->total += (double)L.sets;
    }
    rc = walk(t);
    if (rc == HERD_OK && t->progress && t->shown < 1)
        t->progress(t->ud, 1);
    if (rc != HERD_OK) {
        herdi_fox_solve_free(t);
        return herdi_fail(msg, rc, "%s",
                          rc == HERD_E_INTERRUPTED ? "the fox table's build was stopped"
                                                   : "out of memory for the fox table");
    }
    t->stop = NULL;
    t->progress = NULL;
    *out = t;
    return HERD_OK;
}

int herdi_fox_solve_geese(const fox_table *t)
{
    return t->geese;
}

int herdi_fox_solve_exact(const fox_table *t)
{
    return t->exact;
}

int herdi_fox_solve_sideways(const fox_table *t)
{
    return t->sideways;
}

uint64_t herdi_fox_solve_size(const fox_table *t)
{
    return t->held;
}

/* ------------------------------------------------------------ answers */

/* A value during a query. */
typedef struct value {
    int winner;
    unsigned plies;
} value;

static value value_of_byte(unsigned char v)
{
    value r = {v >= 128 ? HERD_FOX_FOX : HERD_FOX_GEESE,
               v >= 128 ? (unsigned)(FOX_WON - v) : (unsigned)v};
    return r;
}

/* The entry of a set and the place of the fox's cell in its vector. */
static void locate(const fox_table *t, int k, uint64_t s, int cell, uint64_t *entry, int *at)
{
    const geometry *g = t->geo;
    uint64_t ms = mirror_set(s);
    if (ms < s) {
        s = ms;
        cell = g->mirror[cell];
    }
    *entry = entry_of(&t->layer[k], rank_of(g, s));
    *at = POPCOUNT(g->points & ~s & (BIT(cell) - 1));
}

/* The fox to move at cell c of set s (k geese), not in a chain. */
static value value_f(const fox_table *t, int k, uint64_t s, int c)
{
    const layer *L = &t->layer[k];
    uint64_t e;
    int at;
    locate(t, k, s, c, &e, &at);
    if (L->exact)
        return value_of_byte(L->f[e * (uint64_t)L->width + (uint64_t)at]);
    value v = {FOX_SOLVE_DRAW, FOX_SOLVE_NO_PLIES};
    if (field_get(L->f, e, L->width) >> at & 1)
        v.winner = HERD_FOX_FOX;
    else if (!t->sideways || field_get(L->fl, e, L->width) >> at & 1)
        v.winner = HERD_FOX_GEESE;
    return v;
}

/* Folds a successor's value into what the mover has found so far: the
 * quickest win, else a draw, else the slowest loss; a distance that is not
 * held makes the result's unknown. */
typedef struct choice {
    int mover, moves, wins, draws, win_unknown, loss_unknown;
    unsigned win, loss;
} choice;

static void consider(choice *c, value v)
{
    c->moves++;
    if (v.winner == c->mover) {
        if (v.plies == FOX_SOLVE_NO_PLIES)
            c->win_unknown = 1;
        else if (!c->wins || v.plies < c->win)
            c->win = v.plies;
        c->wins++;
    } else if (v.winner == FOX_SOLVE_DRAW) {
        c->draws++;
    } else if (v.plies == FOX_SOLVE_NO_PLIES) {
        c->loss_unknown = 1;
    } else if (v.plies > c->loss) {
        c->loss = v.plies;
    }
}

static value chosen(const choice *c)
{
    value v = {c->mover, c->win_unknown ? FOX_SOLVE_NO_PLIES : c->win + 1};
    if (!c->wins && c->draws) {
        v.winner = FOX_SOLVE_DRAW;
        v.plies = FOX_SOLVE_NO_PLIES;
    } else if (!c->wins) {
        v.winner = !c->mover;
        v.plies = c->loss_unknown ? FOX_SOLVE_NO_PLIES : c->loss + 1;
    }
    return v;
}

/* The geese to move, the fox on cell c of set s. */
static value value_g(const fox_table *t, int k, uint64_t s, int c)
{
    const geometry *g = t->geo;
    uint64_t free = g->points & ~s;
    choice ch = {HERD_FOX_GEESE, 0, 0, 0, 0, 0, 0, 0};
    for (int d = 0; d < HUNT_DIRS; d++) {
        if (!(g->goose_dirs >> d & 1))
            continue;
        uint64_t mv = s & g->link[d] & shifted(free & ~BIT(c), g->delta[d]);
        for (; mv; mv &= mv - 1) {
            int p = CTZ(mv);
            consider(&ch, value_f(t, k, s ^ BIT(p) ^ BIT(p + g->delta[d]), c));
        }
    }
    value none = {HERD_FOX_FOX, 0}; /* no-moves */
    return ch.moves ? chosen(&ch) : none;
}

/* The fox's jumps from cell c of set s, each as the goose it takes and
 * where it lands; the count. */
static int jumps_from(const geometry *g, uint64_t s, int c, int over[HUNT_DIRS],
                      int land[HUNT_DIRS])
{
    uint64_t free = g->points & ~s;
    int n = 0;
    for (uint64_t os = jumpable(g, s, free); os; os &= os - 1) {
        int o = CTZ(os), to = 2 * o - c;
        if (to >= 0 && to < 64 && (g->landing[o] >> to & 1) && (free >> to & 1) &&
            (free >> c & 1)) {
            over[n] = o;
            land[n++] = to;
        }
    }
    return n;
}

/* The fox just landed on cell c of set s (k geese left, at least four):
 * in a chain if it can jump on, else the geese's turn. */
static value value_a(const fox_table *t, int k, uint64_t s, int c)
{
    int over[HUNT_DIRS], land[HUNT_DIRS];
    int n = jumps_from(t->geo, s, c, over, land);
    if (n == 0)
        return value_g(t, k, s, c);
    choice ch = {HERD_FOX_FOX, 0, 0, 0, 0, 0, 0, 0};
    consider(&ch, value_g(t, k, s, c)); /* stop */
    for (int i = 0; i < n; i++) {
        value captured = {HERD_FOX_FOX, 0};
        consider(&ch, k - 1 < LEAST ? captured : value_a(t, k - 1, s ^ BIT(over[i]), land[i]));
    }
    return chosen(&ch);
}

int herdi_fox_solve_query(const fox_table *t, const fox_solve_position *p, int *winner,
                          unsigned *plies)
{
    if (!t || !p || !winner || !plies || p->fox < 0 || p->fox >= POINTS || p->geese >> POINTS ||
        (p->geese >> p->fox & 1) || (p->side != HERD_FOX_FOX && p->side != HERD_FOX_GEESE) ||
        (p->chain != 0 && p->chain != 1))
        return HERD_E_ARG;
    const geometry *g = t->geo;
    int k = hunt_count(p->geese), c = g->cell_of[p->fox];
    if (k > MAXG)
        return HERD_E_ARG;
    if (k > t->geese)
        return HERD_E_UNSUPPORTED;
    uint64_t s = deposit_plain(p->geese, g->points);
    int over[HUNT_DIRS], land[HUNT_DIRS];
    int jumps = jumps_from(g, s, c, over, land);
    if (p->chain && (p->side != HERD_FOX_FOX || k < LEAST || jumps == 0))
        return HERD_E_ARG;
    value v = {HERD_FOX_FOX, 0}; /* captured */
    if (k >= LEAST) {
        if (p->side == HERD_FOX_GEESE)
            v = value_g(t, k, s, c);
        else if (p->chain)
            v = value_a(t, k, s, c);
        else if (jumps == 0 && !(steps_into(g, g->points & ~s) >> c & 1))
            v.winner = HERD_FOX_GEESE; /* trapped */
        else
            v = value_f(t, k, s, c);
    }
    *winner = v.winner;
    *plies = v.plies;
    return HERD_OK;
}

long herdi_fox_solve_rank(int side, int winner, unsigned plies)
{
    long n = plies > 999999 ? 999999 : (long)plies;
    if (winner == FOX_SOLVE_DRAW)
        return 0;
    return winner == side ? 1000000 - n : -1000000 + n;
}
