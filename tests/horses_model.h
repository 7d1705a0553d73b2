/* Herd of Horses for the tests: games of horses made and set through the
 * generic layer (test_util.h), and a deliberately simple, independent model
 * of the rules (docs/horses.md) written from the rules alone: O(n^2)
 * knight-adjacency flood fills over plain arrays, nothing incremental,
 * nothing shared with lib/. */
#ifndef HERD_HORSES_MODEL_H
#define HERD_HORSES_MODEL_H

#include "test_util.h"

#include "herd/horses.h"

/* A game of horses with those options. */
static inline herd_game *new_game(const char *options)
{
    return game_new("horses", options);
}

/* A game of horses set to a position text, which must be accepted. */
static inline herd_game *game_from_text(const char *text)
{
    return game_with("horses", "", text);
}

static inline herd_move move_of(int fr, int fc, int tr, int tc)
{
    herd_cell a = {fr, fc}, b = {tr, tc};
    return herd_horses_move(a, b);
}

/* ------------------------------------------------------------ the model */

#define REF_MAX_N 10

/* A position as plain arrays: side 0 green, 1 red; horse i is number i+1. */
typedef struct ref_pos {
    int w, h, n, turn;
    int r[2][REF_MAX_N], c[2][REF_MAX_N];
} ref_pos;

typedef struct ref_move {
    int horse;          /* 0-based */
    int fr, fc, tr, tc; /* from and to */
} ref_move;

static const int ref_jump[8][2] = {{1, 2},   {2, 1},   {2, -1}, {1, -2},
                                   {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};

static inline int ref_knight(int r1, int c1, int r2, int c2)
{
    int dr = abs(r1 - r2), dc = abs(c1 - c2);
    return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

/* Flood fill over the knight-adjacency of n cells, O(n^2). */
static inline int ref_connected(const int *r, const int *c, int n)
{
    int seen[REF_MAX_N] = {0}, stack[REF_MAX_N], sp = 0, reached = 1;
    seen[0] = 1;
    stack[sp++] = 0;
    while (sp) {
        int i = stack[--sp];
        for (int j = 0; j < n; j++)
            if (!seen[j] && ref_knight(r[i], c[i], r[j], c[j])) {
                seen[j] = 1;
                reached++;
                stack[sp++] = j;
            }
    }
    return reached == n;
}

static inline int ref_together(const ref_pos *p, int side)
{
    return ref_connected(p->r[side], p->c[side], p->n);
}

static inline int ref_occupied(const ref_pos *p, int r, int c)
{
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < p->n; i++)
            if (p->r[s][i] == r && p->c[s][i] == c)
                return 1;
    return 0;
}

/* The side standing on its target corner (green: bottom-right, red: a1), -1. */
static inline int ref_corner_winner(const ref_pos *p)
{
    for (int i = 0; i < p->n; i++)
        if (p->r[0][i] == p->h - 1 && p->c[0][i] == p->w - 1)
            return 0;
    for (int i = 0; i < p->n; i++)
        if (p->r[1][i] == 0 && p->c[1][i] == 0)
            return 1;
    return -1;
}

/* Whether `side`'s herd is together once its horse `horse` stands on
 * (tr, tc): the plain way, move it and flood-fill. */
static inline int ref_together_after(const ref_pos *p, int side, int horse, int tr, int tc)
{
    int r[REF_MAX_N], c[REF_MAX_N];
    memcpy(r, p->r[side], sizeof r);
    memcpy(c, p->c[side], sizeof c);
    r[horse] = tr;
    c[horse] = tc;
    return ref_connected(r, c, p->n);
}

/* Every legal jump of `side`, whoever is to move and whether or not the
 * game is over: on the board, onto an empty cell, herd together after. */
static inline int ref_side_moves(const ref_pos *p, int side, ref_move *out)
{
    int count = 0;
    for (int i = 0; i < p->n; i++)
        for (int k = 0; k < 8; k++) {
            int tr = p->r[side][i] + ref_jump[k][0], tc = p->c[side][i] + ref_jump[k][1];
            if (tr < 0 || tr >= p->h || tc < 0 || tc >= p->w || ref_occupied(p, tr, tc))
                continue;
            if (!ref_together_after(p, side, i, tr, tc))
                continue;
            if (out)
                out[count] = (ref_move){i, p->r[side][i], p->c[side][i], tr, tc};
            count++;
        }
    return count;
}

/* The status by the rules: corner first, then the side to move without moves. */
static inline herd_status ref_status(const ref_pos *p)
{
    herd_status st = {HERD_ONGOING, p->turn, HERD_REASON_NONE};
    int cw = ref_corner_winner(p);
    if (cw >= 0) {
        st.result = HERD_WIN;
        st.side = cw;
        st.reason = HERD_REASON_CORNER;
    } else if (ref_side_moves(p, p->turn, NULL) == 0) {
        st.result = HERD_WIN;
        st.side = !p->turn;
        st.reason = HERD_REASON_NO_MOVES;
    }
    return st;
}

/* The legal moves of the side to move; none once the game has ended. */
static inline int ref_legal(const ref_pos *p, ref_move *out)
{
    if (ref_status(p).result != HERD_ONGOING)
        return 0;
    return ref_side_moves(p, p->turn, out);
}

static inline void ref_play(ref_pos *p, const ref_move *m)
{
    p->r[p->turn][m->horse] = m->tr;
    p->c[p->turn][m->horse] = m->tc;
    p->turn = !p->turn;
}

static inline uint64_t ref_perft(const ref_pos *p, unsigned depth)
{
    ref_move moves[8 * REF_MAX_N];
    if (depth == 0)
        return 1;
    int n = ref_legal(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        ref_pos q = *p;
        ref_play(&q, &moves[i]);
        total += ref_perft(&q, depth - 1);
    }
    return total;
}

static inline herd_move ref_to_move(const ref_move *m)
{
    return move_of(m->fr, m->fc, m->tr, m->tc);
}

/* "e4" from row 4, column 3; the tests' own formatting. */
static inline int ref_cell_name(char *buf, int r, int c)
{
    return sprintf(buf, "%c%d", 'a' + r, c + 1);
}

static inline void ref_move_text(char *buf, int fr, int fc, int tr, int tc)
{
    int k = ref_cell_name(buf, fr, fc);
    buf[k++] = '-';
    ref_cell_name(buf + k, tr, tc);
}

/* The position text of protocol.md, written by the tests. */
static inline void ref_text(const ref_pos *p, char *buf)
{
    int k = sprintf(buf, "horses w=%d h=%d turn=%s", p->w, p->h, p->turn ? "red" : "green");
    for (int s = 0; s < 2; s++) {
        k += sprintf(buf + k, s ? " red=" : " green=");
        for (int i = 0; i < p->n; i++) {
            if (i)
                buf[k++] = ',';
            k += ref_cell_name(buf + k, p->r[s][i], p->c[s][i]);
        }
    }
}

/* Reads a well-formed position text (the tests' own small parser). */
static inline int ref_parse(const char *text, ref_pos *p)
{
    char turn[8];
    int used = 0;
    memset(p, 0, sizeof *p);
    if (sscanf(text, "horses w=%d h=%d turn=%7s %n", &p->w, &p->h, turn, &used) != 3 || !used)
        return 0;
    p->turn = strcmp(turn, "red") == 0;
    const char *q = text + used;
    for (int s = 0; s < 2; s++) {
        const char *tag = s ? "red=" : "green=";
        if (strncmp(q, tag, strlen(tag)) != 0)
            return 0;
        q += strlen(tag);
        int n = 0;
        for (;;) {
            char row;
            int col, k = 0;
            if (sscanf(q, "%c%d%n", &row, &col, &k) != 2 || n == REF_MAX_N)
                return 0;
            p->r[s][n] = row - 'a';
            p->c[s][n] = col - 1;
            n++;
            q += k;
            if (*q != ',')
                break;
            q++;
        }
        if (s == 0 && *q++ != ' ')
            return 0;
        if (s == 0)
            p->n = n;
        else if (n != p->n)
            return 0;
    }
    return *q == '\0';
}

/* The model of a game, read from its position text; also checks that the
 * typed queries agree with the text. */
static inline void ref_from_game(const herd_game *g, ref_pos *p)
{
    char text[TEXT_CAP];
    herd_horses_options o = HERD_HORSES_OPTIONS_INIT;
    position_text(g, text);
    assert_true(ref_parse(text, p));
    assert_int_equal(herd_horses_options_of(g, &o), HERD_OK);
    assert_int_equal(o.width, p->w);
    assert_int_equal(o.height, p->h);
    assert_int_equal(o.horses, p->n);
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < p->n; i++) {
            herd_cell cell;
            assert_int_equal(herd_horses_horse(g, s, i + 1, &cell), HERD_OK);
            assert_int_equal(cell.row, p->r[s][i]);
            assert_int_equal(cell.col, p->c[s][i]);
        }
}

/* The library's legal moves equal the model's, as sets, and none repeats. */
static inline void check_legal_matches_model(const herd_game *g, const ref_pos *p)
{
    herd_move lib[HERD_MAX_MOVES], mine[8 * REF_MAX_N];
    ref_move rm[8 * REF_MAX_N];
    size_t n = 0;
    assert_int_equal(herd_legal_moves(g, lib, HERD_MAX_MOVES, &n), HERD_OK);
    int k = ref_legal(p, rm);
    for (int i = 0; i < k; i++)
        mine[i] = ref_to_move(&rm[i]);
    qsort(lib, n, sizeof *lib, cmp_move);
    qsort(mine, (size_t)k, sizeof *mine, cmp_move);
    if (n != (size_t)k) {
        char text[TEXT_CAP];
        ref_text(p, text);
        print_error("library has %zu legal moves, the model %d, in\n  %s\n", n, k, text);
    }
    assert_int_equal(n, (size_t)k);
    for (int i = 0; i < k; i++) {
        assert_int_equal(lib[i], mine[i]);
        if (i)
            assert_true(lib[i - 1] != lib[i]);
    }
}

static inline void check_status_matches_model(const herd_game *g, const ref_pos *p)
{
    herd_status want = ref_status(p), st;
    assert_int_equal(herd_get_status(g, &st), HERD_OK);
    assert_int_equal(st.result, want.result);
    assert_int_equal(st.side, want.side);
    assert_int_equal(st.reason, want.reason);
}

/* A random herd of n horses grown from (r0, c0) by knight jumps inside the
 * rows r_lo..r_hi-1 and columns c_lo..c_hi-1, avoiding occupied cells and
 * the two corners; 0 on failure. */
static inline int ref_grow_herd(test_rng *rng, ref_pos *p, int side, int r0, int c0, int r_lo,
                                int r_hi, int c_lo, int c_hi)
{
    int placed = 0;
    if (ref_occupied(p, r0, c0))
        return 0;
    p->r[side][0] = r0;
    p->c[side][0] = c0;
    placed = 1;
    for (int tries = 0; placed < p->n && tries < 2000; tries++) {
        int b = (int)trng_below(rng, (unsigned)placed), k = (int)trng_below(rng, 8);
        int r = p->r[side][b] + ref_jump[k][0], c = p->c[side][b] + ref_jump[k][1];
        if (r < r_lo || r >= r_hi || c < c_lo || c >= c_hi)
            continue;
        if ((r == 0 && c == 0) || (r == p->h - 1 && c == p->w - 1))
            continue;
        int clash = 0;
        for (int s = 0; s < 2 && !clash; s++) {
            int count = s == side ? placed : (s < side ? p->n : 0);
            for (int i = 0; i < count; i++)
                if (p->r[s][i] == r && p->c[s][i] == c)
                    clash = 1;
        }
        if (clash)
            continue;
        p->r[side][placed] = r;
        p->c[side][placed] = c;
        placed++;
    }
    return placed == p->n;
}

/* A random legal position (both herds together, nobody on a target corner)
 * with the herds in random places, often touching each other. */
static inline void ref_random_position(test_rng *rng, int w, int h, int n, ref_pos *p)
{
    for (;;) {
        memset(p, 0, sizeof *p);
        p->w = w;
        p->h = h;
        p->n = n;
        p->turn = (int)trng_below(rng, 2);
        /* Both herds grow in one random window so that they meet. */
        int ww = 8 + (int)trng_below(rng, (unsigned)(w - 7)),
            wh = 8 + (int)trng_below(rng, (unsigned)(h - 7));
        int c_lo = (int)trng_below(rng, (unsigned)(w - ww + 1)),
            r_lo = (int)trng_below(rng, (unsigned)(h - wh + 1));
        int r0 = r_lo + (int)trng_below(rng, (unsigned)wh),
            c0 = c_lo + (int)trng_below(rng, (unsigned)ww);
        int r1 = r_lo + (int)trng_below(rng, (unsigned)wh),
            c1 = c_lo + (int)trng_below(rng, (unsigned)ww);
        if ((r0 == 0 && c0 == 0) || (r0 == h - 1 && c0 == w - 1))
            continue;
        if ((r1 == 0 && c1 == 0) || (r1 == h - 1 && c1 == w - 1))
            continue;
        if (!ref_grow_herd(rng, p, 0, r0, c0, r_lo, r_lo + wh, c_lo, c_lo + ww))
            continue;
        if (!ref_grow_herd(rng, p, 1, r1, c1, r_lo, r_lo + wh, c_lo, c_lo + ww))
            continue;
        if (ref_together(p, 0) && ref_together(p, 1))
            return;
    }
}

#endif /* HERD_HORSES_MODEL_H */
