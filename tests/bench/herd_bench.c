/* herd-bench: the speed and memory figures of docs/performance.md.
 *
 * For every game: perft leaves per second on fixed positions, random
 * playouts per second, the bytes of a game's state, and allocations per
 * 1,000 moves played. For Herd of Horses it also runs a plain, careful move
 * generator (move the horse, flood-fill the herd with an O(n^2) adjacency
 * test) side by side with the library on the same perft and prints the
 * ratio. Each figure is the median of several runs.
 *
 * For Hare and Hounds it also times the solver's table and counts its bytes.
 *
 * For every level of every game's computer player: milliseconds per move
 * and, for the searches, nodes per second, over a fixed set of seeded random
 * positions. Nodes are counted through the public API: a progress handler
 * called at every check of the search (herd_set_progress() with every=1).
 * For Fox and Geese also the slowest move of its top level, the one that
 * builds its table.
 *
 * And herd_playouts(), the batched playouts, uniformly random and at
 * level 1, from the same position as the random playouts.
 *
 * And records (herd/record.h): RECORD_GAMES games of level 1 against
 * itself, each written with herd_record_from_game() and herd_record_write()
 * into one text, then read back and replayed by a reader over that text:
 * actions read and replayed per second, beside the goal of 1 million.
 *
 * Usage: herd-bench [RUNS [GAME|all [search|playouts|records|perft [K]]]]
 * (default 5 runs, every game, every figure; `search` measures the computer
 * players alone, `playouts` the random and batched playouts alone, `records`
 * the records alone, `perft` the perft
 * figures alone, or only the K-th position (1..3) of each game: a fixed amount
 * of work, for `valgrind --tool=callgrind`, whose instruction count divided
 * by the leaves printed is the instructions per leaf; tools/perft_instructions.sh) */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <herd/fox.h>
#include <herd/herd.h>
#include <herd/horses.h>
#include <herd/record.h>

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

static void die(const char *what, int rc, const herd_game *g)
{
    fprintf(stderr, "herd-bench: %s: %s %s\n", what, herd_strerror(rc),
            g ? herd_last_error(g) : "");
    exit(1);
}

/* An allocator that counts the blocks it hands out. */
typedef struct counter {
    unsigned long allocations;
    size_t bytes; /* asked for in all, growth counted once */
} counter;

static void *counting_alloc(void *ud, void *ptr, size_t old_size, size_t new_size)
{
    if (new_size == 0) {
        free(ptr);
        return NULL;
    }
    ((counter *)ud)->allocations++;
    ((counter *)ud)->bytes += new_size > old_size ? new_size - old_size : 0;
    return realloc(ptr, new_size);
}

/* The benchmark's own generator for choosing playout moves (SplitMix64). */
static uint64_t bench_rng = 12345;

static uint64_t next_random(void)
{
    uint64_t z = (bench_rng += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

/* ------------------------------------------------ plain Herd of Horses */

/* The plain way: for every candidate jump, move the horse, flood-fill the
 * herd testing every pair for a knight's move, move it back. */
typedef struct plain {
    int w, h, n, side;
    int row[2][10], col[2][10];
    unsigned char occupied[20][30];
} plain;

static const int jr[8] = {-2, -2, -1, -1, 1, 1, 2, 2};
static const int jc[8] = {-1, 1, -2, 2, -2, 2, -1, 1};

static int knight_apart(int r1, int c1, int r2, int c2)
{
    int dr = abs(r1 - r2), dc = abs(c1 - c2);
    return (dr == 1 && dc == 2) || (dr == 2 && dc == 1);
}

static int plain_together(const plain *p, int side)
{
    int seen[10] = {1}, stack[10] = {0}, top = 1, count = 1;
    while (top) {
        int a = stack[--top];
        for (int b = 0; b < p->n; b++)
            if (!seen[b] &&
                knight_apart(p->row[side][a], p->col[side][a], p->row[side][b], p->col[side][b])) {
                seen[b] = 1;
                stack[top++] = b;
                count++;
            }
    }
    return count == p->n;
}

typedef struct plain_move {
    int horse, row, col;
} plain_move;

static int plain_moves(plain *p, plain_move *out)
{
    int s = p->side, count = 0;
    for (int i = 0; i < p->n; i++) {
        int r = p->row[s][i], c = p->col[s][i];
        for (int k = 0; k < 8; k++) {
            int rr = r + jr[k], cc = c + jc[k];
            if (rr < 0 || rr >= p->h || cc < 0 || cc >= p->w || p->occupied[rr][cc])
                continue;
            p->row[s][i] = rr;
            p->col[s][i] = cc;
            if (plain_together(p, s))
                out[count++] = (plain_move){i, rr, cc};
            p->row[s][i] = r;
            p->col[s][i] = c;
        }
    }
    return count;
}

static uint64_t plain_perft(plain *p, int depth)
{
    plain_move moves[80];
    int n = plain_moves(p, moves);
    if (depth == 1)
        return (uint64_t)n;
    uint64_t total = 0;
    int s = p->side;
    int corner_r = s ? 0 : p->h - 1, corner_c = s ? 0 : p->w - 1;
    for (int i = 0; i < n; i++) {
        int h = moves[i].horse, r = p->row[s][h], c = p->col[s][h];
        p->occupied[r][c] = 0;
        p->occupied[moves[i].row][moves[i].col] = 1;
        p->row[s][h] = moves[i].row;
        p->col[s][h] = moves[i].col;
        p->side = !s;
        /* A jump onto the target corner ends the game: no sequences go on. */
        if (!(moves[i].row == corner_r && moves[i].col == corner_c))
            total += plain_perft(p, depth - 1);
        p->side = s;
        p->row[s][h] = r;
        p->col[s][h] = c;
        p->occupied[moves[i].row][moves[i].col] = 0;
        p->occupied[r][c] = 1;
    }
    return total;
}

static void plain_from_game(plain *p, const herd_game *g)
{
    herd_horses_options o = HERD_HORSES_OPTIONS_INIT;
    herd_status st;
    herd_horses_options_of(g, &o);
    herd_get_status(g, &st);
    memset(p, 0, sizeof *p);
    p->w = o.width;
    p->h = o.height;
    p->n = o.horses;
    p->side = st.side;
    for (int s = 0; s < 2; s++)
        for (int i = 0; i < p->n; i++) {
            herd_cell c;
            herd_horses_horse(g, s, i + 1, &c);
            p->row[s][i] = c.row;
            p->col[s][i] = c.col;
            p->occupied[c.row][c.col] = 1;
        }
}

/* --------------------------------------------------------- measuring */

/* A game from options, then `plies` moves of its own computer player, so
 * that a benchmark position is a real midgame and the same on every run. */
static herd_game *make_game(const char *name, const char *options, unsigned plies)
{
    herd_game *g;
    herd_error err;
    int rc = herd_new(name, options, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "herd-bench: new %s %s: %s\n", name, options, err.message);
        exit(1);
    }
    for (unsigned i = 0; i < plies; i++) {
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
        rc = herd_is_chance(g) ? herd_roll(g, NULL) : herd_play_genmove(g, 0, NULL);
        if (rc != HERD_OK)
            die("warm-up move", rc, g);
    }
    return g;
}

static double time_perft(herd_game *g, unsigned depth, uint64_t *nodes)
{
    double t = now();
    int rc = herd_perft(g, depth, nodes);
    if (rc != HERD_OK)
        die("perft", rc, g);
    return now() - t;
}

/* Picks an action at random: chance outcomes by their probabilities,
 * moves uniformly. */
static herd_move random_action(const herd_game *g)
{
    herd_move moves[HERD_MAX_MOVES];
    double probs[HERD_MAX_MOVES];
    size_t n, i = 0;
    if (herd_is_chance(g)) {
        herd_chance_outcomes(g, moves, probs, HERD_MAX_MOVES, &n);
        double x = (double)(next_random() >> 11) * 0x1.0p-53;
        while (i + 1 < n && x >= probs[i])
            x -= probs[i++];
    } else {
        herd_legal_moves(g, moves, HERD_MAX_MOVES, &n);
        i = (size_t)(next_random() % n);
    }
    return moves[i];
}

typedef struct playout_figures {
    double games_per_second;
    double moves_per_second;
    unsigned long moves;       /* after the first game */
    unsigned long allocations; /* made in those moves */
    unsigned long first_game;  /* allocations in the first game: the history growing */
} playout_figures;

/* Plays random games from the position of `start` until each ends or
 * reaches cap moves, for at least min_seconds, in one game handle that the
 * playouts reuse as a program would: a heap game keeping its undo history
 * (which grows by doubling), or, with in_place, a copy in caller memory
 * that keeps none. */
static playout_figures playouts(const herd_game *start, unsigned cap, double min_seconds,
                                int in_place)
{
    static _Alignas(max_align_t) unsigned char memory[4096];
    counter count = {0, 0};
    herd_game *g;
    int rc = in_place ? herd_copy_into(start, memory, sizeof memory, &g)
                      : herd_clone(start, counting_alloc, &count, &g);
    if (rc != HERD_OK)
        die("copy", rc, start);
    unsigned long games = 0, moves = 0, before = count.allocations;
    playout_figures f = {0};
    double t0 = now(), elapsed;
    do {
        herd_copy_position(g, start);
        for (unsigned k = 0; k < cap; k++) {
            herd_status st;
            herd_get_status(g, &st);
            if (st.result != HERD_ONGOING)
                break;
            if ((rc = herd_apply(g, random_action(g))) != HERD_OK)
                die("apply", rc, g);
            moves++;
        }
        if (games++ == 0) {
            f.first_game = count.allocations - before;
            before = count.allocations;
            f.moves = moves;
        }
        elapsed = now() - t0;
    } while (elapsed < min_seconds);
    f.games_per_second = (double)games / elapsed;
    f.moves_per_second = (double)moves / elapsed;
    f.moves = moves - f.moves;
    f.allocations = count.allocations - before;
    herd_free(g);
    return f;
}

/* herd_playouts() from the position of `start`, in batches of 16 games
 * (each batch with its own seed) for at least min_seconds: games and
 * actions per second. */
static void time_batched(const herd_game *start, int level, unsigned cap, double min_seconds,
                         double *games_rate, double *actions_rate)
{
    uint64_t games = 0, actions = 0, seed = 0;
    double t0 = now(), elapsed;
    do {
        herd_playout_result res = HERD_PLAYOUT_RESULT_INIT;
        int rc = herd_playouts(start, 16, level, seed++, cap, &res);
        if (rc != HERD_OK)
            die("herd_playouts", rc, start);
        games += res.games;
        actions += res.actions;
        elapsed = now() - t0;
    } while (elapsed < min_seconds);
    *games_rate = (double)games / elapsed;
    *actions_rate = (double)actions / elapsed;
}

/* The batched playouts of herd_playouts(), uniformly random (as the
 * playouts above, through herd_apply()) and at level 1, the game's
 * simplest player. */
static void batched_playouts(int runs, const herd_game *g, unsigned cap)
{
    static const int levels[] = {HERD_PLAYOUT_RANDOM, 1};
    for (int k = 0; k < 2; k++) {
        double games_rate[99], actions_rate[99];
        for (int r = 0; r < runs; r++)
            time_batched(g, levels[k], cap, 0.5, &games_rate[r], &actions_rate[r]);
        const char *name = "uniformly random";
        if (levels[k] > 0)
            herd_level_name(g, levels[k], &name, NULL);
        printf("  herd_playouts(), level %d (%s), at most %u actions: %.0f games/s, %.2f M "
               "actions/s\n",
               levels[k], name, cap, median(games_rate, runs), median(actions_rate, runs) / 1e6);
    }
}

typedef struct perft_case {
    const char *options;
    unsigned plies; /* computer moves played before counting */
    unsigned depth;
} perft_case;

typedef struct game_case {
    const char *name;
    const char *options; /* playouts start here */
    unsigned cap;        /* playout length cap */
    perft_case perft[3];
    const char *search_options; /* the computer players' positions: options */
    int search_actions;         /* and random actions in, at the least */
    const char *table_move[2];  /* positions where the top level's first move builds its table */
} game_case;

static const game_case games[] = {
    {"horses",
     "w=8 h=8 n=6 seed=1",
     1000,
     {{"w=8 h=8 n=6 seed=1", 20, 11},
      {"w=8 h=8 n=10 seed=1", 0, 7},
      {"w=30 h=20 n=10 seed=1", 0, 6}},
     "",
     20,
     {NULL, NULL}},
    {"hex",
     "size=5 seed=1",
     100000,
     {{"size=5 seed=1", 0, 5}, {"size=5 seed=2", 60, 6}, {"size=9 seed=3", 200, 4}},
     "size=5",
     20,
     {NULL, NULL}},
    {"flock",
     "seed=1",
     1000, /* games end by the 100-move limit */
     {{"seed=1", 0, 5}, {"seed=2", 30, 5}, {"w=12 h=12 seed=3", 0, 4}},
     "",
     10,
     {NULL, NULL}},
    {"hare",
     "",
     1000,
     {{"", 0, 10}, {"start=c2", 6, 10}, {"start=d2", 0, 10}},
     "",
     4,
     {NULL, NULL}},
    {"fox",
     "",
     1000,
     {{"", 0, 6}, {"geese=17 sideways=1", 0, 6}, {"geese=15", 20, 5}},
     "",
     6,
     /* 8 geese: the solve limit by default */
     {"fox turn=fox chain=0 sideways=0 fox=d5 geese=a3,b3,c1,c2,d1,d2,e1,e2",
      "fox turn=fox chain=0 sideways=1 fox=d5 geese=a3,b3,c1,c2,d1,d2,e1,e2"}},
};

/* Hare and Hounds: the solver's table, built on a fresh handle's first
 * herd_solve(); its time and the bytes it asks the allocator for. */
static void solve_table(int runs)
{
    double t[99];
    counter count = {0, 0};
    size_t bytes = 0;
    int winner = -1;
    unsigned plies = 0;
    for (int r = 0; r < runs; r++) {
        herd_game *g;
        herd_error err;
        if (herd_new("hare", NULL, counting_alloc, &count, &g, &err) != HERD_OK)
            die("new hare", err.code, NULL);
        size_t before = count.bytes;
        double t0 = now();
        int rc = herd_solve(g, &winner, &plies);
        t[r] = now() - t0;
        if (rc != HERD_OK)
            die("solve", rc, g);
        bytes = count.bytes - before;
        herd_free(g);
    }
    printf("  solver table: built in %.2f ms, %zu bytes (%.1f KiB); start: %s win in %u moves\n",
           median(t, runs) * 1e3, bytes, (double)bytes / 1024, winner ? "hare" : "hounds", plies);
}

/* ------------------------------------------------ the computer players */

/* The positions the searches are timed on: from the game's start (seed i
 * where the game has seeds), `actions` random actions chosen by the
 * benchmark's generator seeded with i, and on past a chance event, stopping
 * short of the end. */
#define SEARCH_POSITIONS 6

static herd_game *search_position(const char *name, const char *options, int i, int actions)
{
    char with_seed[128];
    snprintf(with_seed, sizeof with_seed, "%s%sseed=%d", options, *options ? " " : "", i);
    herd_game *g;
    herd_error err;
    if (herd_new(name, with_seed, NULL, NULL, &g, &err) != HERD_OK)
        g = make_game(name, options, 0); /* a game without seeds: the random actions vary it */
    uint64_t saved = bench_rng;          /* the other figures' choices stay as they were */
    bench_rng = (uint64_t)i * 7919;
    for (int k = 0; k < actions || herd_is_chance(g); k++) {
        int rc = herd_apply(g, random_action(g));
        if (rc != HERD_OK)
            die("random action", rc, g);
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING) {
            herd_undo(g); /* stop short of the end; a roll never ends a game */
            break;
        }
    }
    bench_rng = saved;
    return g;
}

static int count_node(void *ud)
{
    ++*(uint64_t *)ud;
    return 0;
}

/* The slowest move of a level with a table (Fox and Geese's perfect): the
 * first move on a fresh handle in a position within the table, which
 * builds it, then plays. `position` has HERD_FOX_SOLVE_DEFAULT geese; the
 * move is timed with as many geese as each level limit from one below the
 * default to the solve limit's default (the last geese of the list
 * dropped), that limit set: the figures that chose the default. */
static void table_move(int runs, const char *name, const char *position)
{
    const char *level_name = "?", *description = "";
    for (int limit = HERD_FOX_LEVEL_LIMIT_DEFAULT - 1; limit <= HERD_FOX_SOLVE_DEFAULT; limit++) {
        char text[256];
        snprintf(text, sizeof text, "%s", position);
        for (int drop = HERD_FOX_SOLVE_DEFAULT - limit; drop > 0; drop--)
            *strrchr(text, ',') = '\0';
        double t[99];
        for (int r = 0; r < runs; r++) {
            herd_game *g = make_game(name, "", 0);
            int rc = herd_position_from_text(g, text), level = herd_max_level(g);
            if (rc == HERD_OK)
                rc = herd_fox_set_level_limit(g, limit);
            if (rc != HERD_OK)
                die("position", rc, g);
            herd_level_name(g, level, &level_name, &description);
            herd_move m;
            double t0 = now();
            rc = herd_genmove(g, level, &m);
            t[r] = now() - t0;
            if (rc != HERD_OK)
                die("genmove", rc, g);
            herd_free(g);
        }
        printf("    %s's first move on a fresh handle, which builds its table, %d geese (level "
               "limit %d%s): %.2f s\n      at %s\n",
               level_name, limit, limit, limit == HERD_FOX_LEVEL_LIMIT_DEFAULT ? ", the default" : "",
               median(t, runs), text);
    }
}

/* Every level of the game's computer player, genmove on each position from
 * the same generator state in every run: the median over the runs of the
 * time per move, and the nodes the searches visited. They are the calls of
 * the progress handler, which a search makes at each of its stop checks:
 * alpha-beta checks once at each node it expands (a leaf it only evaluates
 * is not counted) and once per root action of each iteration, about a tenth
 * more than the nodes it counts itself; the tree search once per playout. */
static void searches(int runs, const game_case *gc, const char *options_given)
{
    const char *name = gc->name, *options = options_given ? options_given : gc->search_options;
    int actions = gc->search_actions;
    herd_game *pos[SEARCH_POSITIONS];
    for (int i = 0; i < SEARCH_POSITIONS; i++)
        pos[i] = search_position(name, options, i + 1, actions + 5 * i);
    herd_game *g;
    int rc = herd_clone(pos[0], NULL, NULL, &g);
    if (rc != HERD_OK)
        die("clone", rc, pos[0]);
    uint64_t nodes = 0;
    herd_set_progress(g, count_node, &nodes, 1);
    printf("  computer players, genmove on %d positions (%s, %d..%d random actions in);\n"
           "  a node is a position that alpha-beta expands, or a playout of the tree search:\n",
           SEARCH_POSITIONS, *options ? options : "default options", actions,
           actions + 5 * (SEARCH_POSITIONS - 1));
    for (int level = 1; level <= herd_max_level(g); level++) {
        /* Untimed: a level's first call may build a table (hare's perfect play). */
        herd_copy_position(g, pos[0]);
        herd_move first;
        if ((rc = herd_genmove(g, level, &first)) != HERD_OK)
            die("genmove", rc, g);
        double ms[99], rate[99], each[SEARCH_POSITIONS][99];
        uint64_t per_run = 0;
        for (int r = 0; r < runs; r++) {
            double total = 0;
            nodes = 0;
            for (int i = 0; i < SEARCH_POSITIONS; i++) {
                herd_copy_position(g, pos[i]); /* the same generator state every run */
                herd_move m;
                double t0 = now();
                rc = herd_genmove(g, level, &m);
                each[i][r] = now() - t0;
                total += each[i][r];
                if (rc != HERD_OK)
                    die("genmove", rc, g);
            }
            ms[r] = total * 1e3 / SEARCH_POSITIONS;
            rate[r] = total > 0 ? (double)nodes / total : 0;
            per_run = nodes;
        }
        const char *level_name = "?", *description = "";
        herd_level_name(g, level, &level_name, &description);
        /* Each position's median over the runs; of those, the median and the
         * longest. */
        double per_position[SEARCH_POSITIONS];
        for (int i = 0; i < SEARCH_POSITIONS; i++)
            per_position[i] = median(each[i], runs) * 1e3;
        double middle = median(per_position, SEARCH_POSITIONS);
        double slowest = per_position[SEARCH_POSITIONS - 1]; /* median() sorted them */
        printf("    %d %-9s %9.3f ms/move (median %.3f, slowest %.3f)", level, level_name,
               median(ms, runs), middle, slowest);
        if (per_run)
            printf(", %8.0f nodes/move, %8.1f k nodes/s", (double)per_run / SEARCH_POSITIONS,
                   median(rate, runs) / 1e3);
        printf("  (%s)\n", description);
    }
    herd_free(g);
    for (int i = 0; i < SEARCH_POSITIONS; i++)
        herd_free(pos[i]);
    for (int i = 0; i < 2 && gc->table_move[i]; i++)
        table_move(runs, name, gc->table_move[i]);
}

/* Herd of Horses: the library against the plain generator, same perft. */
static void compare_plain(int runs, const char *options, unsigned plies, unsigned depth)
{
    herd_game *g = make_game("horses", options, plies);
    plain p;
    plain_from_game(&p, g);
    double lib[99], slow[99];
    uint64_t nodes = 0, plain_nodes = 0;
    for (int r = 0; r < runs; r++) {
        lib[r] = time_perft(g, depth, &nodes);
        double t = now();
        plain_nodes = plain_perft(&p, (int)depth);
        slow[r] = now() - t;
        if (plain_nodes != nodes) {
            fprintf(stderr, "herd-bench: perft differs: library %llu, plain %llu\n",
                    (unsigned long long)nodes, (unsigned long long)plain_nodes);
            exit(1);
        }
    }
    double tl = median(lib, runs), tp = median(slow, runs);
    printf("  move generation against the plain way: perft %u of %s +%u plies, %llu leaves:\n",
           depth, options, plies, (unsigned long long)nodes);
    printf("    library %.3f s (%.2f M leaves/s), plain %.3f s (%.2f M leaves/s): %.1fx faster\n",
           tl, (double)nodes / tl / 1e6, tp, (double)nodes / tp / 1e6, tp / tl);
    herd_free(g);
}

/* ------------------------------------------------------------ records */

#define RECORD_GAMES 200
#define RECORD_MAX_PLIES 400 /* horses and hex may go on for ever */

/* options with their seed (if any) replaced by seed. */
static void options_with_seed(const char *options, int seed, char *out, size_t cap)
{
    size_t n = 0;
    out[0] = '\0';
    for (const char *w = options; *w;) {
        size_t k = strcspn(w, " ");
        if (strncmp(w, "seed=", 5) != 0 && n + k + 1 < cap) {
            memcpy(out + n, w, k);
            n += k;
            out[n++] = ' ';
        }
        w += k;
        w += *w == ' ';
    }
    snprintf(out + n, cap - n, "seed=%d", seed);
}

/* The records of RECORD_GAMES seeded games of level 1 against itself, one
 * text (multi-line form, one empty line between records); *actions
 * receives their actions. The caller frees it. */
static char *record_texts(const game_case *gc, unsigned long *actions)
{
    size_t len = 0, cap = 1 << 20;
    char *all = malloc(cap);
    if (!all)
        die("out of memory", HERD_E_NOMEM, NULL);
    *actions = 0;
    for (int i = 0; i < RECORD_GAMES; i++) {
        char options[160];
        options_with_seed(gc->options, i + 1, options, sizeof options);
        herd_game *g = make_game(gc->name, options, 0);
        herd_status st;
        for (int k = 0; k < RECORD_MAX_PLIES && herd_get_status(g, &st) == HERD_OK &&
                        st.result == HERD_ONGOING;
             k++) {
            int rc = herd_is_chance(g) ? herd_roll(g, NULL) : herd_play_genmove(g, 1, NULL);
            if (rc != HERD_OK)
                die("playing a game to record", rc, g);
        }
        herd_record *r;
        int rc = herd_record_from_game(g, NULL, NULL, NULL, &r);
        if (rc != HERD_OK)
            die("herd_record_from_game", rc, g);
        *actions += herd_record_plies(r);
        size_t n = 0;
        herd_record_write(r, 0, NULL, 0, &n);
        while (len + n + 2 > cap) {
            cap *= 2;
            char *more = realloc(all, cap);
            if (!more)
                die("out of memory", HERD_E_NOMEM, NULL);
            all = more;
        }
        if ((rc = herd_record_write(r, 0, all + len, cap - len, &n)) != HERD_OK)
            die("herd_record_write", rc, g);
        len += n;
        all[len++] = '\n';
        all[len] = '\0';
        herd_record_free(r);
        herd_free(g);
    }
    return all;
}

/* Reads every record of text and replays it (the reader does): seconds. */
static double time_reading(const char *text, unsigned long actions)
{
    double t0 = now();
    herd_record_reader *rd;
    int rc = herd_record_reader_from_buffer(text, strlen(text), 0, NULL, NULL, &rd);
    if (rc != HERD_OK)
        die("herd_record_reader_from_buffer", rc, NULL);
    herd_record *r;
    herd_record_error err;
    unsigned long read = 0;
    while ((rc = herd_record_read(rd, &r, &err)) == HERD_OK) {
        read += herd_record_plies(r);
        herd_record_free(r);
    }
    if (rc != HERD_E_STATE) {
        fprintf(stderr, "herd-bench: %s\n", err.message);
        exit(1);
    }
    herd_record_reader_free(rd);
    if (read != actions)
        die("the records read back hold other actions", HERD_E_STATE, NULL);
    return now() - t0;
}

static void records(int runs, const game_case *gc)
{
    unsigned long actions;
    char *text = record_texts(gc, &actions);
    double rate[99];
    for (int r = 0; r < runs; r++)
        rate[r] = (double)actions / time_reading(text, actions);
    double m = median(rate, runs);
    printf("  records: %d games of level 1 (%lu actions, %zu bytes), read and replayed: "
           "%.2f M actions/s (goal 1 M/s: %s)\n",
           RECORD_GAMES, actions, strlen(text), m / 1e6, m >= 1e6 ? "met" : "NOT met");
    free(text);
}

int main(int argc, char **argv)
{
    int runs = argc > 1 ? atoi(argv[1]) : 5;
    const char *only = argc > 2 && strcmp(argv[2], "all") != 0 ? argv[2] : NULL;
    int search_only = argc > 3 && strcmp(argv[3], "search") == 0;
    int playouts_only = argc > 3 && strcmp(argv[3], "playouts") == 0;
    int perft_only = argc > 3 && strcmp(argv[3], "perft") == 0;
    int records_only = argc > 3 && strcmp(argv[3], "records") == 0;
    int position = perft_only && argc > 4 ? atoi(argv[4]) : 0; /* 0: every position */
    /* search OPTIONS: the searches' positions made with these options */
    if (runs < 1 || runs > 99 || (argc > 3 && !search_only && !playouts_only && !perft_only && !records_only) ||
        (argc > 4 && !search_only && (!perft_only || position < 1 || position > 3)) || argc > 5) {
        fprintf(stderr,
                "usage: herd-bench [RUNS 1..99 [GAME|all [search [OPTIONS]|playouts|records|perft "
                "[1..3]]]]\n");
        return 2;
    }
    printf("libherd %s benchmark, medians of %d runs\n\n", herd_version_string(), runs);
    for (size_t gi = 0; gi < sizeof games / sizeof games[0]; gi++) {
        const game_case *gc = &games[gi];
        if (only && strcmp(only, gc->name) != 0)
            continue;
        printf("%s\n", gc->name);
        if (search_only || records_only) {
            if (search_only)
                searches(runs, gc, argc > 4 ? argv[4] : NULL);
            else
                records(runs, gc);
            printf("\n");
            continue;
        }
        for (int k = 0; k < 3 && gc->perft[k].options && !playouts_only; k++) {
            if (position && k != position - 1)
                continue;
            const perft_case *pc = &gc->perft[k];
            herd_game *g = make_game(gc->name, pc->options, pc->plies);
            double rate[99];
            uint64_t nodes = 0;
            for (int r = 0; r < runs; r++)
                rate[r] = 1.0 / time_perft(g, pc->depth, &nodes);
            printf("  perft %-24s +%-3u plies, depth %u: %11llu leaves, %7.2f M leaves/s\n",
                   *pc->options ? pc->options : "(the defaults)", pc->plies, pc->depth,
                   (unsigned long long)nodes,
                   (double)nodes * median(rate, runs) / 1e6);
            herd_free(g);
        }
        if (perft_only) {
            printf("\n");
            continue;
        }
        herd_game *g = make_game(gc->name, gc->options, 0);
        for (int in_place = 0; in_place < 2; in_place++) {
            double games_rate[99], moves_rate[99];
            unsigned long moves = 0, allocations = 0, first_game = 0;
            for (int r = 0; r < runs; r++) {
                playout_figures f = playouts(g, gc->cap, 0.5, in_place);
                games_rate[r] = f.games_per_second;
                moves_rate[r] = f.moves_per_second;
                moves += f.moves;
                allocations += f.allocations;
                first_game += f.first_game;
            }
            printf("  random playouts from %s (at most %u moves), %s:\n",
                   *gc->options ? gc->options : "the defaults", gc->cap,
                   in_place ? "copy in caller memory, no undo" : "heap game with undo history");
            printf("    %.0f games/s, %.2f M moves/s\n", median(games_rate, runs),
                   median(moves_rate, runs) / 1e6);
            printf("    allocations per 1,000 moves: %.4f (%lu in %lu moves after each handle's "
                   "first game; %.1f in a first game, the history growing)\n",
                   1000.0 * (double)allocations / (double)moves, allocations, moves,
                   (double)first_game / runs);
        }
        batched_playouts(runs, g, gc->cap);
        records(runs, gc);
        if (playouts_only) {
            herd_free(g);
            printf("\n");
            continue;
        }
        printf("  state: %zu bytes (a copy in caller memory: %zu bytes)\n", herd_state_size(g),
               herd_copy_size(g, 0));
        herd_free(g);
        if (strcmp(gc->name, "hare") == 0)
            solve_table(runs);
        if (strcmp(gc->name, "horses") == 0) {
            /* Depths that take the plain way seconds. */
            compare_plain(runs, "w=30 h=20 n=10 seed=1", 0, 6);
            compare_plain(runs, "w=30 h=20 n=10 seed=1", 60, 6);
        }
        searches(runs, gc, NULL);
        printf("\n");
    }
    return 0;
}
