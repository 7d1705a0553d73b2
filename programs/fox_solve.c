/* fox-solve: Fox and Geese solved from the start (docs/fox-solver.md,
 * "Solving from the start").
 *
 *   fox-solve [geese=13|15|17] [sideways=0|1] [--memory=GB] [--positions=FILE]
 *
 * Builds the library's retrograde table of every position with up to that
 * many geese (lib/games/fox/fox_solve.h; positions with up to 8 geese keep their
 * distance to the end, without sideways steps), with a progress bar on a
 * terminal and plain lines otherwise; prints the time and memory used, the
 * value of each first move of the fox, one line of perfect play, and last
 * one line: `fox wins`, `geese win` or `draw`. --memory refuses a table
 * whose peak would exceed that many gigabytes (the default: no limit).
 * --positions then answers each line of FILE, a position text (docs/fox.md,
 * "Texts"; with the table's `sideways` and at most its geese), with a line
 * `VALUE: TEXT`: the value as the first moves' (`fox wins in 12 plies`,
 * `geese win`, `draw`), or `?` and why for a line the table cannot answer.
 * The file is read before the build: a line longer than 1024 bytes or
 * holding a NUL byte is refused with its number (status 2).
 *
 * This is an example of the library's own tools: it includes the internal
 * header lib/games/fox/fox_solve.h and links the static library. The public route to
 * the same answers is herd_solve() on a `fox` game. */
#define _POSIX_C_SOURCE 200809L /* isatty, getrusage, clock_gettime */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <herd/fox.h>
#include <herd/herd.h>

#include "games/fox/fox_solve.h"
#include "platform.h"
#include "program_io.h"

#define STRINGIFY_(x) #x
#define STRINGIFY(x) STRINGIFY_(x)

#define LINE_PLIES 400 /* a perfect line is cut there (a draw goes on for ever) */

typedef struct bar {
    int terminal, shown; /* shown: percent (terminal) or tenth (lines) drawn last */
    double start;
} bar;

static double seconds(void);

static void show_progress(void *ud, double done)
{
    bar *b = ud;
    if (b->terminal) {
        int percent = (int)(done * 100);
        if (percent == b->shown)
            return;
        b->shown = percent;
        char cells[41];
        for (int i = 0; i < 40; i++)
            cells[i] = i < percent * 40 / 100 ? '#' : '.';
        cells[40] = '\0';
        printf("\r[%s] %3d%% %6.0f s", cells, percent, seconds() - b->start);
        if (percent == 100)
            printf("\n");
    } else {
        int tenth = (int)(done * 10);
        if (tenth == b->shown)
            return;
        b->shown = tenth;
        printf("progress %d%% after %.0f s\n", tenth * 10, seconds() - b->start);
    }
    fflush(stdout);
}

static double seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The position of a game as the table reads one. */
static void position_of(const herd_game *g, fox_solve_position *p)
{
    herd_cell fox;
    herd_status st;
    herd_fox_locate(g, &fox);
    herd_get_status(g, &st);
    herd_fox_in_chain(g, &p->chain);
    p->side = st.side;
    p->geese = 0;
    for (int i = 0; i < HERD_FOX_POINTS; i++) {
        herd_cell c;
        int side;
        herd_fox_point(i, &c);
        herd_fox_at(g, c, &side);
        if (side == HERD_FOX_GEESE)
            p->geese |= (hunt_set)1 << i;
        if (c.row == fox.row && c.col == fox.col)
            p->fox = i;
    }
}

typedef struct outcome {
    int winner;
    unsigned plies;
} outcome;

static outcome value_now(const fox_table *t, const herd_game *g)
{
    herd_status st;
    outcome v = {FOX_SOLVE_DRAW, 0};
    herd_get_status(g, &st);
    if (st.result != HERD_ONGOING) {
        v.winner = st.side; /* an ended game: its winner, no plies */
        return v;
    }
    fox_solve_position p;
    position_of(g, &p);
    if (herdi_fox_solve_query(t, &p, &v.winner, &v.plies) != HERD_OK) {
        fprintf(stderr, "fox-solve: the table does not answer this position\n");
        exit(1);
    }
    return v;
}

static const char *winner_name(int winner)
{
    return winner == HERD_FOX_FOX ? "fox wins" : winner == HERD_FOX_GEESE ? "geese win" : "draw";
}

static void describe(outcome v, char *buf, size_t cap)
{
    if (v.winner != FOX_SOLVE_DRAW && v.plies != FOX_SOLVE_NO_PLIES)
        snprintf(buf, cap, "%s in %u plies", winner_name(v.winner), v.plies);
    else
        snprintf(buf, cap, "%s", winner_name(v.winner));
}

/* The best action for the side to act: the highest rank; among equals the
 * one that leaves the fewest geese (where the table holds no distance, a
 * winning fox captures and winning geese keep theirs: either way the game
 * moves toward its end), then the first. */
static herd_move best_action(const fox_table *t, herd_game *g, int side, outcome *after)
{
    herd_move moves[HERD_FOX_MAX_MOVES], best = 0;
    size_t n;
    long best_rank = 0;
    int best_geese = 0;
    herd_legal_moves(g, moves, HERD_FOX_MAX_MOVES, &n);
    for (size_t i = 0; i < n; i++) {
        int geese;
        herd_apply(g, moves[i]);
        outcome v = value_now(t, g);
        herd_fox_geese_left(g, &geese);
        herd_undo(g);
        long rank = herdi_fox_solve_rank(side, v.winner, v.plies);
        int fewer = side == HERD_FOX_FOX ? -geese : geese;
        if (i == 0 || rank > best_rank || (rank == best_rank && fewer > best_geese)) {
            best = moves[i];
            best_rank = rank;
            best_geese = fewer;
            *after = v;
        }
    }
    return best;
}

static void action_text(const herd_game *g, herd_move m, char *buf, size_t cap)
{
    size_t len;
    if (herd_move_to_text(g, m, buf, cap, &len) != HERD_OK)
        snprintf(buf, cap, "?");
}

/* The lines of --positions, read whole before the build (a long build is
 * not spent on a file that is refused), one after another in `text`, each
 * ended by its NUL. */
typedef struct questions {
    char *text;
    size_t len, cap;
} questions;

/* The longest line of --positions: a fox position text has some 110 bytes. */
#define POSITION_LINE_MAX 1024

/* Reads the file's lines; a line longer than POSITION_LINE_MAX bytes or
 * holding a NUL byte is refused by its number (returns 0 after the
 * message). */
static int read_questions(FILE *f, const char *path, questions *q)
{
    char line[POSITION_LINE_MAX + 1];
    int status;
    for (unsigned long number = 1; (status = read_line(f, line, sizeof line)) != LINE_END;
         number++) {
        if (status != LINE_OK) {
            fprintf(stderr, "fox-solve: %s, line %lu: %s\n", path, number,
                    status == LINE_NUL ? "holds a NUL byte"
                                       : "longer than " STRINGIFY(POSITION_LINE_MAX) " bytes");
            return 0;
        }
        size_t n = strlen(line) + 1;
        if (q->len + n > q->cap) {
            size_t cap = q->cap ? 2 * q->cap : 4096;
            char *p = realloc(q->text, cap);
            if (!p) {
                fprintf(stderr, "fox-solve: out of memory reading %s\n", path);
                return 0;
            }
            q->text = p;
            q->cap = cap;
        }
        memcpy(q->text + q->len, line, n);
        q->len += n;
    }
    if (ferror(f)) {
        fprintf(stderr, "fox-solve: cannot read %s\n", path);
        return 0;
    }
    return 1;
}

/* --positions: each line answered from the table. */
static void answer_positions(const fox_table *t, herd_game *g, const questions *q)
{
    char what[64];
    for (const char *line = q->text; line < q->text + q->len; line += strlen(line) + 1) {
        if (!*line)
            continue;
        int geese, sideways;
        if (herd_position_from_text(g, line) != HERD_OK) {
            printf("?: %s (not a fox position text: %s)\n", line, herd_last_error(g));
            continue;
        }
        herd_fox_geese_left(g, &geese);
        herd_fox_sideways(g, &sideways);
        if (geese > herdi_fox_solve_geese(t) || sideways != herdi_fox_solve_sideways(t)) {
            printf("?: %s (the table holds up to %d geese with sideways=%d)\n", line,
                   herdi_fox_solve_geese(t), herdi_fox_solve_sideways(t));
            continue;
        }
        describe(value_now(t, g), what, sizeof what);
        printf("%s: %s\n", what, line);
    }
}

static int parse_args(int argc, char **argv, fox_solve_options *o, const char **positions)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        char *end;
        if (strncmp(a, "geese=", 6) == 0) {
            o->geese = (int)strtol(a + 6, &end, 10);
            if (*end || (o->geese != 13 && o->geese != 15 && o->geese != 17))
                return 0;
        } else if (strncmp(a, "sideways=", 9) == 0) {
            o->sideways = (int)strtol(a + 9, &end, 10);
            if (*end || (o->sideways != 0 && o->sideways != 1))
                return 0;
        } else if (strncmp(a, "--positions=", 12) == 0 && a[12]) {
            *positions = a + 12;
        } else if (strncmp(a, "--memory=", 9) == 0) {
            double gb = strtod(a + 9, &end);
            if (*end || !(gb > 0))
                return 0;
            o->memory = (uint64_t)(gb * 1e9);
        } else {
            return 0;
        }
    }
    o->exact = o->sideways ? 0 : 8;
    return 1;
}

int main(int argc, char **argv)
{
    fox_solve_options o;
    const char *positions = NULL;
    herdi_fox_solve_default_options(&o);
    if (!parse_args(argc, argv, &o, &positions)) {
        fprintf(stderr, "usage: fox-solve [geese=13|15|17] [sideways=0|1] [--memory=GB] "
                        "[--positions=FILE]\n");
        return 2;
    }
    questions q = {NULL, 0, 0};
    if (positions) {
        FILE *f = fopen(positions, "r");
        if (!f) {
            fprintf(stderr, "fox-solve: cannot read %s\n", positions);
            return 1;
        }
        int ok = read_questions(f, positions, &q);
        fclose(f);
        if (!ok) {
            free(q.text);
            return 2;
        }
    }
    bar b = {isatty(STDOUT_FILENO), -1, seconds()};
    o.progress = show_progress;
    o.ud = &b;
    uint64_t kept, need = herdi_fox_solve_need(&o, &kept);
    printf("fox-solve: geese=%d sideways=%d: every position with up to %d geese", o.geese,
           o.sideways, o.geese);
    if (o.exact)
        printf(" (distances up to %d geese)", o.exact);
    printf("\n");
    printf("table: %.2f GB at its peak, %.2f GB kept\n", (double)need / 1e9, (double)kept / 1e9);
    if (output_failed(stdout)) { /* nobody would see the answers of a long build */
        free(q.text);
        return output_close(stdout, "fox-solve", "standard output");
    }

    char msg[256];
    herd_msg m = {msg, sizeof msg};
    fox_table *t;
    double start = seconds();
    int rc = herdi_fox_solve_build(&t, &o, m);
    if (rc != HERD_OK) {
        fprintf(stderr, "fox-solve: %s\n", msg);
        free(q.text);
        return 1;
    }
    double took = seconds() - start;
    printf("solved in %.1f s; the table holds %.2f GB; peak resident memory %.2f GB\n", took,
           (double)herdi_fox_solve_size(t) / 1e9, herd_peak_memory() / 1e9);

    herd_fox_options fo;
    herd_fox_options_init(&fo, HERD_FOX_OPTIONS_VERSION);
    fo.geese = o.geese;
    fo.sideways = o.sideways;
    herd_game *g;
    herd_error err;
    if (herd_fox_new(&fo, NULL, NULL, &g, &err) != HERD_OK) {
        fprintf(stderr, "fox-solve: %s\n", err.message);
        herdi_fox_solve_free(t);
        free(q.text);
        return 1;
    }
    outcome start_value = value_now(t, g);
    char text[64], what[64];
    describe(start_value, what, sizeof what);
    printf("the start: %s\n", what);

    herd_move moves[HERD_FOX_MAX_MOVES];
    size_t n;
    herd_legal_moves(g, moves, HERD_FOX_MAX_MOVES, &n);
    printf("the fox's first moves:\n");
    for (size_t i = 0; i < n; i++) {
        herd_apply(g, moves[i]);
        outcome v = value_now(t, g);
        herd_undo(g);
        action_text(g, moves[i], text, sizeof text);
        describe(v, what, sizeof what);
        printf("  %-6s %s%s\n", text, what, v.winner == HERD_FOX_FOX ? " (winning)" : "");
    }

    printf("a perfect line:");
    int plies = 0;
    for (;;) {
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING) {
            printf("\n  (%s, %s, after %d plies)\n", winner_name(st.side),
                   herd_reason_name(st.reason), plies);
            break;
        }
        if (plies == LINE_PLIES) {
            printf("\n  (cut after %d plies)\n", plies);
            break;
        }
        outcome after;
        herd_move best = best_action(t, g, st.side, &after);
        action_text(g, best, text, sizeof text);
        printf("%s%s", plies % 12 ? " " : "\n  ", text);
        herd_apply(g, best);
        plies++;
    }
    answer_positions(t, g, &q);
    free(q.text);
    herd_free(g);
    herdi_fox_solve_free(t);
    printf("%s\n", winner_name(start_value.winner));
    return output_close(stdout, "fox-solve", "standard output");
}
