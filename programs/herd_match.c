/* herd-match: plays two computer levels of a game against each other over
 * N seeded games, colours swapped in each pair of games, from openings made
 * varied by a few random actions, and prints the wins, draws and losses, the
 * score with its 95% interval and the time per move. It uses only the
 * public API.
 *
 *   herd-match GAME LEVEL_A LEVEL_B [-n GAMES] [-s SEED] [-R PLIES]
 *              [-m MAX_PLIES] [-o "KEY=VALUE ..."] [-j THREADS] [-g] [-p]
 *              [-w FILE] [-r FILE]
 *   herd-match --ladder GAME [the same options]
 *
 * The ladder plays every pair of the game's levels, each pair such a match
 * (the higher level as A, the same seeds for every pair), and fits one
 * rating per level (ladder_fit.h).
 *
 * With -j the games run on several threads, one handle each. A game depends
 * only on its index (its pair's seed and opening, its colours), and results
 * are printed in index order, so the output is the same for any -j; only
 * the times differ; so are the -w and -r files. bindings/python/herd/match.py
 * plays the same games.
 */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <herd/herd.h>

#include "ladder_fit.h"
#include "platform.h"
#include "program_io.h"
#include "program_record.h"

#define MAX_THREADS 256

typedef struct settings {
    const char *game;
    int level[2]; /* the levels of player A and player B */
    unsigned long games, random_plies, max_plies;
    unsigned long long seed;
    const char *options;
    unsigned long threads;
    int per_game;     /* -g: a line per game */
    int progress;     /* a progress line on standard error */
    FILE *positions;  /* -w: every position of every game */
    FILE *records;    /* -r: every game's record */
    int ladder;       /* --ladder: every pair of levels */
    unsigned long records_before; /* records written by the ladder's earlier pairs */
} settings;

/* The times of one player's moves, in seconds. */
typedef struct times {
    double *t;
    size_t n, cap;
} times;

/* Room for `need` items of `size` bytes in the growing array *items of
 * *cap, at least doubled each time it grows. */
static void reserve(void **items, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return;
    size_t grown = *cap ? 2 * *cap : 1024;
    if (grown < need)
        grown = need;
    void *p = realloc(*items, grown * size);
    if (!p) {
        fprintf(stderr, "herd-match: out of memory\n");
        exit(1);
    }
    *items = p;
    *cap = grown;
}

static void add_time(times *ts, double t)
{
    void *items = ts->t;
    reserve(&items, &ts->cap, ts->n + 1, sizeof *ts->t);
    ts->t = items;
    ts->t[ts->n++] = t;
}

static void add_times(times *to, const times *from)
{
    for (size_t k = 0; k < from->n; k++)
        add_time(to, from->t[k]);
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The opening's own generator (SplitMix64), apart from the game's. */
static unsigned long long next_random(unsigned long long *x)
{
    unsigned long long z = (*x += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static void fail(const char *what, int rc, const herd_game *g)
{
    fprintf(stderr, "herd-match: %s: %s\n", what,
            g && *herd_last_error(g) ? herd_last_error(g) : herd_strerror(rc));
    exit(1);
}

/* A new game for pair number `pair`: with `seed=` where the game takes one. */
static herd_game *new_game(const settings *s, unsigned long pair)
{
    char options[512];
    herd_game *g;
    herd_error err;
    snprintf(options, sizeof options, "%s%sseed=%llu", s->options, *s->options ? " " : "",
             s->seed + pair);
    int rc = herd_new(s->game, options, NULL, NULL, &g, &err);
    if (rc == HERD_E_UNKNOWN && strstr(err.message, "seed"))
        rc = herd_new(s->game, s->options, NULL, NULL, &g, &err); /* a game without a seed */
    if (rc != HERD_OK) {
        fprintf(stderr, "herd-match: %s\n", err.message);
        exit(1);
    }
    return g;
}

/* Plays one action: the dice where a chance event waits, else the level of
 * the side to act (a_side is player A's side), timed into ts. */
static void act(herd_game *g, const settings *s, int a_side, times ts[2])
{
    if (herd_is_chance(g)) {
        int rc = herd_roll(g, NULL);
        if (rc != HERD_OK)
            fail("roll", rc, g);
        return;
    }
    herd_status st;
    herd_get_status(g, &st);
    int player = st.side == a_side ? 0 : 1;
    double t0 = now();
    int rc = herd_play_genmove(g, s->level[player], NULL);
    add_time(&ts[player], now() - t0);
    if (rc != HERD_OK)
        fail("genmove", rc, g);
}

/* A few uniformly random actions, the same for both games of a pair;
 * returns how many were played. */
static unsigned long random_opening(herd_game *g, const settings *s, unsigned long pair)
{
    unsigned long long x = s->seed * 1000003ULL + pair;
    herd_move moves[HERD_MAX_MOVES];
    unsigned long i;
    for (i = 0; i < s->random_plies; i++) {
        size_t n;
        herd_status st;
        herd_get_status(g, &st);
        if (st.result != HERD_ONGOING)
            break;
        if (herd_is_chance(g)) {
            herd_roll(g, NULL);
            continue;
        }
        int rc = herd_legal_moves(g, moves, HERD_MAX_MOVES, &n);
        if (rc != HERD_OK || n == 0)
            break;
        rc = herd_apply(g, moves[next_random(&x) % n]);
        if (rc != HERD_OK)
            fail("opening", rc, g);
    }
    return i;
}

/* Text gathered for one game (its lines for -w), written once the games
 * before it are. */
typedef struct text {
    char *s;
    size_t len, cap;
} text;

/* -w's line for the game's current position: the game's number, the
 * actions played so far and the position text. */
static void add_position(text *t, const herd_game *g, unsigned long game, unsigned long actions)
{
    char position[1024], head[48];
    size_t len;
    int rc = herd_position_to_text(g, position, sizeof position, &len);
    if (rc != HERD_OK)
        fail("position text", rc, g);
    int n = snprintf(head, sizeof head, "%lu %lu ", game, actions);
    void *bytes = t->s;
    reserve(&bytes, &t->cap, t->len + (size_t)n + len + 2, 1);
    t->s = bytes;
    t->len += (size_t)snprintf(t->s + t->len, t->cap - t->len, "%s%s\n", head, position);
}

/* One game's result: player A's points times two (2 win, 1 draw or
 * unfinished, 0 loss), its line for -g, its positions for -w, its record
 * for -r (records.md's multi-line form) and the times of its moves. */
typedef struct outcome {
    int points2, unfinished;
    char line[200];
    text positions;
    char *record;
    times ts[2];
} outcome;

/* -r's record of game number i (from 0) as it ends: the levels as the
 * players' names, the match as the event, the game's number as the round
 * (as -g numbers them). */
static char *game_record(const settings *s, const herd_game *g, unsigned long i, int a_side)
{
    herd_record *r;
    char name[64], event[80], round[24];
    size_t len;
    int rc = herd_record_from_game(g, NULL, NULL, NULL, &r);
    if (rc != HERD_OK)
        fail("record", rc, NULL);
    snprintf(event, sizeof event, "herd-match, level %d against level %d", s->level[0],
             s->level[1]);
    snprintf(round, sizeof round, "%lu", i + 1);
    rc = herd_record_set_tag(r, "Event", event);
    if (rc == HERD_OK)
        rc = herd_record_set_tag(r, "Round", round);
    for (int player = 0; player < 2 && rc == HERD_OK; player++) {
        const char *level_name = "";
        herd_level_name(g, s->level[player], &level_name, NULL);
        snprintf(name, sizeof name, "herd level %d (%s)", s->level[player], level_name);
        rc = record_set_player(r, g, player == 0 ? a_side : 1 - a_side, name);
    }
    char *text = rc == HERD_OK ? record_text(r, 0, &len) : NULL;
    herd_record_free(r);
    if (!text)
        fail("record", rc == HERD_OK ? HERD_E_NOMEM : rc, NULL);
    return text;
}

/* Plays game number i: pair i / 2, player A on side i % 2. */
static void play_game(const settings *s, unsigned long i, outcome *o)
{
    int a_side = (int)(i % 2);
    herd_game *g = new_game(s, i / 2);
    unsigned long actions = random_opening(g, s, i / 2), plies = 0;
    herd_status st;
    if (s->positions)
        add_position(&o->positions, g, i + 1, actions);
    while (herd_get_status(g, &st) == HERD_OK && st.result == HERD_ONGOING &&
           plies < s->max_plies) {
        act(g, s, a_side, o->ts);
        plies++;
        if (s->positions)
            add_position(&o->positions, g, i + 1, actions + plies);
    }
    actions += plies;
    char what[64];
    if (st.result == HERD_ONGOING) {
        o->points2 = 1;
        o->unfinished = 1;
        snprintf(what, sizeof what, "unfinished");
    } else {
        o->points2 = st.result == HERD_DRAW ? 1 : st.side == a_side ? 2 : 0;
        snprintf(what, sizeof what, "%s (%s)",
                 o->points2 == 1 ? "draw" : o->points2 == 2 ? "A wins" : "B wins",
                 herd_reason_name(st.reason));
    }
    char pairing[48] = "";
    if (s->ladder)
        snprintf(pairing, sizeof pairing, "level %d against level %d, ", s->level[0], s->level[1]);
    snprintf(o->line, sizeof o->line, "%sgame %lu: pair %lu, A plays %s: %s after %lu actions",
             pairing, i + 1, i / 2 + 1, herd_side_name(g, a_side), what, actions);
    if (s->records)
        o->record = game_record(s, g, i, a_side);
    herd_free(g);
}

/* The match in progress, shared by the threads under its lock: the next
 * game to start, the games done (in any order) and the next to print. */
typedef struct match {
    const settings *s;
    outcome *games;
    unsigned char *done;
    pthread_mutex_t lock;
    unsigned long next, finished, printed, points2;
    double start;
    int terminal; /* standard error is a terminal: the progress line rewrites itself */
} match;

/* Frees what the games left (their move times) and the match's arrays: on
 * the ways out before the summary, so that a failed write leaks nothing. */
static void match_free(match *m)
{
    for (unsigned long i = 0; i < m->s->games; i++)
        for (int k = 0; k < 2; k++)
            free(m->games[i].ts[k].t);
    free(m->games);
    free(m->done);
}

/* The progress line: games done, A's score over them, the time left
 * estimated from the time per game so far. */
static void show_progress(const match *m)
{
    double elapsed = now() - m->start;
    double left = elapsed / (double)m->finished * (double)(m->s->games - m->finished);
    unsigned long secs = (unsigned long)(left + 0.5);
    fprintf(stderr, "%s%lu/%lu games, A %.1f-%.1f (%.1f%%), %lum%02lus left%s",
            m->terminal ? "\r" : "", m->finished, m->s->games, m->points2 / 2.0,
            (double)m->finished - m->points2 / 2.0, 50.0 * (double)m->points2 / (double)m->finished,
            secs / 60, secs % 60, m->terminal ? "\033[K" : "\n");
    fflush(stderr);
}

static void *play_games(void *arg)
{
    match *m = arg;
    const settings *s = m->s;
    pthread_mutex_lock(&m->lock);
    while (m->next < s->games) {
        unsigned long i = m->next++;
        pthread_mutex_unlock(&m->lock);
        play_game(s, i, &m->games[i]);
        pthread_mutex_lock(&m->lock);
        m->done[i] = 1;
        m->finished++;
        m->points2 += (unsigned long)m->games[i].points2;
        /* The games done so far in index order, as soon as they can be. */
        for (; m->printed < s->games && m->done[m->printed]; m->printed++) {
            outcome *o = &m->games[m->printed];
            if (s->per_game) {
                if (s->progress && m->terminal)
                    fputs("\r\033[K", stderr);
                printf("%s\n", o->line);
                fflush(stdout);
            }
            if (s->positions) {
                fwrite(o->positions.s, 1, o->positions.len, s->positions);
                free(o->positions.s);
                o->positions = (text){NULL, 0, 0};
            }
            if (s->records) {
                fprintf(s->records, "%s%s\n", m->printed || s->records_before ? "\n" : "",
                        o->record);
                free(o->record);
                o->record = NULL;
            }
        }
        if (s->progress)
            show_progress(m);
        /* Output that is lost ends the match: no game more is started. */
        if (output_failed(stdout) || (s->positions && output_failed(s->positions)) ||
            (s->records && output_failed(s->records)))
            m->next = s->games;
    }
    pthread_mutex_unlock(&m->lock);
    return NULL;
}

/* The noun for n of them: "1 loss", "2 losses", "0 wins". */
static const char *noun(unsigned long long n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

static void print_times(const char *who, int level, times *ts)
{
    if (ts->n == 0) {
        printf("  level %d (%s): no moves\n", level, who);
        return;
    }
    qsort(ts->t, ts->n, sizeof *ts->t, by_value);
    printf("  level %d (%s): %zu %s, median %.3f ms, max %.3f ms\n", level, who, ts->n,
           noun(ts->n, "move", "moves"), ts->t[ts->n / 2] * 1e3, ts->t[ts->n - 1] * 1e3);
}

static int parse_ulong(const char *text, unsigned long long max, unsigned long long *v)
{
    char *end;
    if (*text < '0' || *text > '9')
        return 0;
    unsigned long long x = strtoull(text, &end, 10);
    if (*end || x > max)
        return 0;
    *v = x;
    return 1;
}

/* The options that take a whole number: its range and the field it sets. */
typedef struct number_option {
    const char *name, *what;
    unsigned long long min, max;
    int seed;      /* the unsigned long long seed, else the unsigned long at offset */
    size_t offset;
} number_option;

static const number_option number_options[] = {
    {"-n", "games", 1, 1000000, 0, offsetof(settings, games)},
    {"-s", "a seed", 0, ~0ULL, 1, 0},
    {"-R", "random plies", 0, 1000000, 0, offsetof(settings, random_plies)},
    {"-m", "actions", 1, 1000000, 0, offsetof(settings, max_plies)},
    {"-j", "threads", 1, MAX_THREADS, 0, offsetof(settings, threads)},
    {NULL, NULL, 0, 0, 0, 0},
};

/* Whether the options text "KEY=VALUE ..." gives `key`. */
static int has_key(const char *options, const char *key)
{
    size_t n = strlen(key);
    for (const char *p = options; *p; p += strcspn(p, " ")) {
        p += strspn(p, " ");
        if (strncmp(p, key, n) == 0 && p[n] == '=')
            return 1;
    }
    return 0;
}

/* Opens FILE for -w or -r (a second one replaces the first); 0 after a
 * message when it cannot be. */
static int open_output(FILE **f, const char *path)
{
    if (*f)
        fclose(*f);
    if (!(*f = fopen(path, "w"))) {
        fprintf(stderr, "herd-match: cannot write %s\n", path);
        return 0;
    }
    return 1;
}

static void usage(FILE *f)
{
    fputs("usage: herd-match GAME LEVEL_A LEVEL_B [-n GAMES] [-s SEED] [-R RANDOM_PLIES]\n"
          "                  [-m MAX_PLIES] [-o \"KEY=VALUE ...\"] [-j THREADS] [-g] [-p]\n"
          "                  [-w FILE] [-r FILE]\n"
          "       herd-match --ladder GAME [the same options]\n"
          "Plays level A against level B over GAMES games (default 100, at most\n"
          "1000000), colours swapped in each pair, each pair from its own seed (SEED,\n"
          "SEED + 1, ...; default 1) and RANDOM_PLIES random actions (default 4); a\n"
          "game still going after MAX_PLIES actions (default 1000) counts as a draw and\n"
          "is reported as unfinished. The summary gives A's score over all games and\n"
          "on each side apart. -o gives the game's options, all but the seed.\n"
          "  -j THREADS  play that many games at once (default 1); the results are\n"
          "              the same for any THREADS, only the times differ\n"
          "  -g          a line per game, in the games' order, before the summary\n"
          "  -w FILE     write every position of every game to FILE, in the games'\n"
          "              order, a line each: the game's number, the actions played\n"
          "              and the position text (the first after the random actions)\n"
          "  -r FILE     write every game's record to FILE (docs/records.md), in the\n"
          "              games' order: the levels as the players, the game's number\n"
          "              as the round\n"
          "  -p          a progress line on standard error (games done, A's score,\n"
          "              time left); on by default when standard error is a terminal\n"
          "--ladder plays every pair of GAME's levels so, GAMES games a pair (the\n"
          "higher level as A, the same seeds for each pair; -g, -w and -r cover them\n"
          "all, pair after pair), prints each pair's score, then fits one rating per\n"
          "level by maximum likelihood (Bradley-Terry on the Elo scale, draws as half\n"
          "points, one virtual draw a pair) with its 95% interval, level 1 at 0.\n"
          "Output that cannot be written ends the match with status 1.\n",
          f);
}

/* Plays the match of s->level[0] against s->level[1] on s->threads
 * threads into m (its games in index order); 1 when the match could not
 * start, after a message. */
static int play_match(const settings *s, match *m)
{
    *m = (match){.s = s,
                 .games = calloc(s->games, sizeof *m->games),
                 .done = calloc(s->games, 1),
                 .start = now(),
                 .terminal = isatty(STDERR_FILENO)};
    if (!m->games || !m->done) {
        fprintf(stderr, "herd-match: out of memory\n");
        return 1;
    }
    pthread_mutex_init(&m->lock, NULL);
    unsigned long threads = s->threads < s->games ? s->threads : s->games;
    pthread_t *th = calloc(threads, sizeof *th);
    if (!th) {
        fprintf(stderr, "herd-match: out of memory\n");
        return 1;
    }
    for (unsigned long t = 0; t < threads; t++)
        if (pthread_create(&th[t], NULL, play_games, m) != 0) {
            fprintf(stderr, "herd-match: cannot start thread %lu\n", t + 1);
            return 1;
        }
    for (unsigned long t = 0; t < threads; t++)
        pthread_join(th[t], NULL);
    free(th);
    pthread_mutex_destroy(&m->lock);
    if (s->progress && m->terminal)
        fputc('\n', stderr);
    return 0;
}

/* Whether an output was lost (then the match stops with status 1). */
static int output_lost(const settings *s)
{
    return output_failed(stdout) || (s->positions && output_failed(s->positions)) ||
           (s->records && output_failed(s->records));
}

/* A's points times two, wins and draws over the match's games, and the
 * times of each player's moves added to ts (the games' own are freed). */
typedef struct tally {
    unsigned long points2, wins, draws, unfinished;
    unsigned long side_count[2][3]; /* A's losses, draws and wins on each side */
    double sum_sq;
} tally;

static tally count_games(const settings *s, match *m, times ts[2])
{
    tally c = {0};
    for (unsigned long i = 0; i < s->games; i++) {
        outcome *o = &m->games[i];
        int p = o->points2;
        c.points2 += (unsigned long)p;
        c.wins += p == 2;
        c.draws += p == 1;
        c.unfinished += (unsigned long)o->unfinished;
        c.side_count[i % 2][p]++;
        c.sum_sq += (p / 2.0) * (p / 2.0);
        for (int k = 0; k < 2; k++) {
            add_times(&ts[k], &o->ts[k]);
            free(o->ts[k].t);
            o->ts[k].t = NULL;
        }
    }
    free(m->games);
    free(m->done);
    return c;
}

/* The ladder: every pair of levels, the higher as A, then the ratings and
 * each level's time per move. */
static int ladder(settings *s, const herd_game *probe)
{
    int levels = herd_max_level(probe);
    if (levels > LADDER_MAX_LEVELS) {
        fprintf(stderr, "herd-match: %s has %d levels, more than a ladder fits (%d)\n", s->game,
                levels, LADDER_MAX_LEVELS);
        return 1;
    }
    double points[LADDER_MAX_LEVELS * LADDER_MAX_LEVELS] = {0},
           games[LADDER_MAX_LEVELS * LADDER_MAX_LEVELS] = {0};
    times ts[LADDER_MAX_LEVELS] = {{0}};
    printf("%s: ladder of levels 1..%d, %lu %s a pair, seed %llu, %lu random %s%s%s\n", s->game,
           levels, s->games, noun(s->games, "game", "games"), s->seed, s->random_plies,
           noun(s->random_plies, "ply", "plies"), *s->options ? ", options " : "", s->options);
    fflush(stdout);
    int rc = 0;
    for (int a = 2; a <= levels && !rc; a++)
        for (int b = 1; b < a && !rc; b++) {
            s->level[0] = a;
            s->level[1] = b;
            match m;
            if (play_match(s, &m) != 0)
                return 1;
            times pair_ts[2] = {{0}};
            tally c = count_games(s, &m, pair_ts);
            s->records_before += s->games;
            for (int k = 0; k < 2; k++) {
                add_times(&ts[s->level[k] - 1], &pair_ts[k]);
                free(pair_ts[k].t);
            }
            double score = c.points2 / 2.0;
            points[(a - 1) * levels + b - 1] = score;
            points[(b - 1) * levels + a - 1] = (double)s->games - score;
            games[(a - 1) * levels + b - 1] = games[(b - 1) * levels + a - 1] = (double)s->games;
            unsigned long losses = s->games - c.wins - c.draws;
            printf("level %d against level %d: %lu %s, %lu %s, %lu %s (%lu unfinished), "
                   "score %.1f%%\n",
                   a, b, c.wins, noun(c.wins, "win", "wins"), c.draws, noun(c.draws, "draw", "draws"),
                   losses, noun(losses, "loss", "losses"), c.unfinished,
                   100.0 * score / (double)s->games);
            fflush(stdout);
            rc = output_lost(s);
        }
    double rating[LADDER_MAX_LEVELS], half[LADDER_MAX_LEVELS];
    if (!rc) {
        printf("ratings (Bradley-Terry on the Elo scale, draws as half points, %g virtual draw a "
               "pair; level 1 at 0):\n",
               LADDER_PRIOR_DRAWS);
        int fitted = ladder_fit(levels, points, games, LADDER_PRIOR_DRAWS, rating, half) == 0;
        for (int l = 1; l <= levels; l++) {
            const char *name = "";
            herd_level_name(probe, l, &name, NULL);
            if (!fitted)
                printf("  level %d (%s): no finite rating\n", l, name);
            else if (l == 1)
                printf("  level %d (%s): 0 (the anchor)\n", l, name);
            else
                printf("  level %d (%s): %.0f (95%% interval %.0f .. %.0f)\n", l, name,
                       rating[l - 1], rating[l - 1] - half[l - 1], rating[l - 1] + half[l - 1]);
        }
        printf("time per move:\n");
        for (int l = 1; l <= levels; l++) {
            char who[32];
            const char *name = "";
            herd_level_name(probe, l, &name, NULL);
            snprintf(who, sizeof who, "%s", name);
            print_times(who, l, &ts[l - 1]);
        }
    }
    for (int l = 0; l < levels; l++)
        free(ts[l].t);
    return rc;
}

int main(int argc, char **argv)
{
    herd_binary_stdio(); /* its lines end in "\n" on every system */
    settings s = {.games = 100,
                  .random_plies = 4,
                  .max_plies = 1000,
                  .seed = 1,
                  .options = "",
                  .threads = 1,
                  .progress = isatty(STDERR_FILENO)};
    unsigned long long v;
    const char *positions_path = NULL, *records_path = NULL;
    if (argc >= 2 && strcmp(argv[1], "--help") == 0) {
        usage(stdout);
        return output_close(stdout, "herd-match", "standard output");
    }
    s.ladder = argc >= 2 && strcmp(argv[1], "--ladder") == 0;
    int first = s.ladder ? 3 : 4; /* the first option */
    if (argc < first) {
        usage(stderr);
        return 2;
    }
    s.game = argv[s.ladder ? 2 : 1];
    for (int k = 0; k < 2 && !s.ladder; k++) {
        if (!parse_ulong(argv[2 + k], 1000, &v)) {
            fprintf(stderr, "herd-match: '%s' is not a level\n", argv[2 + k]);
            return 2;
        }
        s.level[k] = (int)v;
    }
    for (int i = first; i < argc; i++) {
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(opt, "-g") == 0 || strcmp(opt, "-p") == 0) {
            *(opt[1] == 'g' ? &s.per_game : &s.progress) = 1;
            continue;
        }
        const number_option *no = number_options;
        while (no->name && strcmp(no->name, opt) != 0)
            no++;
        if (!no->name && strcmp(opt, "-o") != 0 && strcmp(opt, "-w") != 0 &&
            strcmp(opt, "-r") != 0) {
            fprintf(stderr, "herd-match: unknown option '%s'\nTry 'herd-match --help'.\n", opt);
            return 2;
        }
        if (!val) {
            fprintf(stderr, "herd-match: %s needs a value\n", opt);
            return 2;
        }
        i++;
        if (strcmp(opt, "-o") == 0) {
            if (has_key(val, "seed")) {
                fprintf(stderr, "herd-match: -o takes no seed: each pair of games has its own, "
                                "counted from -s SEED\n");
                return 2;
            }
            s.options = val;
        } else if (strcmp(opt, "-w") == 0) {
            if (!open_output(&s.positions, val))
                return 2;
            positions_path = val;
        } else if (strcmp(opt, "-r") == 0) {
            if (*val && val[strspn(val, "0123456789")] == '\0') {
                /* -r N was the random plies before records: say so. */
                fprintf(stderr, "herd-match: -r writes the records to a file, not '%s': the "
                                "random plies are -R %s (a file named %s: -r ./%s)\n",
                        val, val, val, val);
                return 2;
            }
            if (!open_output(&s.records, val))
                return 2;
            records_path = val;
        } else if (!parse_ulong(val, no->max, &v) || v < no->min) {
            fprintf(stderr, "herd-match: %s takes %s from %llu to %llu, not '%s'\n", opt, no->what,
                    no->min, no->max, val);
            return 2;
        } else if (no->seed) {
            s.seed = v;
        } else {
            *(unsigned long *)((char *)&s + no->offset) = (unsigned long)v;
        }
    }

    /* Check the levels once before playing. */
    herd_game *probe = new_game(&s, 0);
    for (int k = 0; k < 2 && !s.ladder; k++)
        if (s.level[k] < 1 || s.level[k] > herd_max_level(probe)) {
            fprintf(stderr, "herd-match: level %d is out of range 1..%d for %s\n", s.level[k],
                    herd_max_level(probe), s.game);
            return 2;
        }
    const char *side_name[2] = {herd_side_name(probe, 0), herd_side_name(probe, 1)};

    if (s.ladder) {
        int rc = ladder(&s, probe);
        herd_free(probe);
        int lost = s.positions && output_close(s.positions, "herd-match", positions_path) != 0;
        lost = lost || (s.records && output_close(s.records, "herd-match", records_path) != 0);
        if (rc || lost)
            return 1;
        return output_close(stdout, "herd-match", "standard output");
    }
    match m;
    if (play_match(&s, &m) != 0)
        return 1;
    int lost = s.positions && output_close(s.positions, "herd-match", positions_path) != 0;
    lost = lost || (s.records && output_close(s.records, "herd-match", records_path) != 0);
    if (lost || output_failed(stdout)) {
        match_free(&m);
        herd_free(probe);
        return lost ? 1 : output_close(stdout, "herd-match", "standard output");
    }

    /* The sums in the games' order, whatever order they finished in. */
    times ts[2] = {{0}};
    tally c = count_games(&s, &m, ts);
    unsigned long points2 = c.points2, wins = c.wins, draws = c.draws, unfinished = c.unfinished;
    double sum_sq = c.sum_sq;
    double n = (double)s.games, mean = points2 / 2.0 / n;
    double var = s.games > 1 ? (sum_sq - n * mean * mean) / (n - 1) : 0;
    double half = 1.96 * sqrt(var > 0 ? var / n : 0);
    printf("%s: level %d (A) against level %d (B), %lu %s, seed %llu, %lu random %s%s%s\n",
           s.game, s.level[0], s.level[1], s.games, noun(s.games, "game", "games"), s.seed,
           s.random_plies, noun(s.random_plies, "ply", "plies"), *s.options ? ", options " : "",
           s.options);
    unsigned long losses = s.games - wins - draws;
    printf("A: %lu %s, %lu %s, %lu %s (%lu unfinished after %lu %s)\n", wins,
           noun(wins, "win", "wins"), draws, noun(draws, "draw", "draws"), losses,
           noun(losses, "loss", "losses"), unfinished, s.max_plies,
           noun(s.max_plies, "action", "actions"));
    printf("A's score: %.1f%% (95%% interval %.1f%% .. %.1f%%)\n", 100 * mean,
           100 * (mean - half < 0 ? 0 : mean - half), 100 * (mean + half > 1 ? 1 : mean + half));
    for (int k = 0; k < 2; k++) {
        const unsigned long *cs = c.side_count[k];
        unsigned long played = cs[0] + cs[1] + cs[2];
        if (played)
            printf("A as %s: %lu %s, %lu %s, %lu %s, score %.1f%%\n", side_name[k], cs[2],
                   noun(cs[2], "win", "wins"), cs[1], noun(cs[1], "draw", "draws"), cs[0],
                   noun(cs[0], "loss", "losses"), 100.0 * (cs[2] + cs[1] / 2.0) / played);
    }
    herd_free(probe);
    printf("time per move:\n");
    print_times("A", s.level[0], &ts[0]);
    print_times("B", s.level[1], &ts[1]);
    free(ts[0].t);
    free(ts[1].t);
    return output_close(stdout, "herd-match", "standard output");
}
