/* herd-demo: a seeded game of Herd of Horses, computer against computer.
 *
 * Usage: herd-demo [SEED [WIDTH HEIGHT HORSES]]
 *
 * Prints the start position, the last lines of the moves log and the final
 * board, which ends with the result: one screen, however long the game. The
 * same arguments give the same game on every platform. Uses the public API
 * only (herd/herd.h and herd/horses.h), and programs/program_io.h to check
 * that its output was written. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include <herd/herd.h>
#include <herd/horses.h>

#include "program_io.h"

/* The rules have no move limit; the demo stops after this many moves. */
#define MAX_DEMO_MOVES 2000
/* How many of the last moves-log lines are shown. */
#define LOG_TAIL 8
/* Room for one moves-log line ("2000. Green moved horse 0: t30 -> s28"). */
#define LOG_LINE_SIZE 64

/* Reports a failed call on the game: the code's text and the game's message. */
static int fail(const herd_game *g, const char *what, int code)
{
    const char *detail = g ? herd_last_error(g) : "";
    fprintf(stderr, "herd-demo: %s: %s%s%s\n", what, herd_strerror(code),
            detail && *detail ? ": " : "", detail ? detail : "");
    return EXIT_FAILURE;
}

/* Reads a decimal number 0..max; returns 0 on success. */
static int parse_number(const char *text, unsigned long long max, unsigned long long *value)
{
    char *end;
    if (text[0] < '0' || text[0] > '9')
        return -1;
    errno = 0;
    unsigned long long v = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || v > max)
        return -1;
    *value = v;
    return 0;
}

/* Prints herd_show()'s board, asking first for its size. */
static int print_board(const herd_game *g)
{
    size_t len = 0;
    int rc = herd_show(g, NULL, 0, &len);
    if (rc != HERD_OK && rc != HERD_E_BUFFER)
        return fail(g, "herd_show", rc);
    char *board = malloc(len + 1);
    if (!board)
        return fail(g, "herd_show", HERD_E_NOMEM);
    rc = herd_show(g, board, len + 1, &len);
    if (rc != HERD_OK) {
        free(board);
        return fail(g, "herd_show", rc);
    }
    fputs(board, stdout);
    if (len == 0 || board[len - 1] != '\n')
        putchar('\n');
    free(board);
    return EXIT_SUCCESS;
}

static int usage(void)
{
    fprintf(stderr,
            "usage: herd-demo [SEED [WIDTH HEIGHT HORSES]]\n"
            "  SEED 0..2^64-1 (default 2026); WIDTH %d..%d, HEIGHT %d..%d, HORSES %d..%d\n",
            HERD_HORSES_MIN_WIDTH, HERD_HORSES_MAX_WIDTH, HERD_HORSES_MIN_HEIGHT,
            HERD_HORSES_MAX_HEIGHT, HERD_HORSES_MIN_HORSES, HERD_HORSES_MAX_HORSES);
    return 2;
}

int main(int argc, char **argv)
{
    /* The library must serve the headers it was built with. */
    if (!HERD_VERSION_SERVES(herd_version())) {
        fprintf(stderr, "herd-demo: built for libherd %d.%d, running with %s (needs the same major version, at least that minor)\n", HERD_VERSION_MAJOR,
                HERD_VERSION_MINOR, herd_version_string());
        return EXIT_FAILURE;
    }

    herd_horses_options opt;
    herd_horses_options_init(&opt, HERD_HORSES_OPTIONS_VERSION);
    opt.seed = 2026;

    if (argc != 1 && argc != 2 && argc != 5)
        return usage();
    if (argc >= 2) {
        unsigned long long v;
        if (parse_number(argv[1], UINT64_MAX, &v) != 0)
            return usage();
        opt.seed = (uint64_t)v;
    }
    if (argc == 5) {
        int *fields[3] = {&opt.width, &opt.height, &opt.horses};
        for (int i = 0; i < 3; i++) {
            unsigned long long v;
            /* The library checks the ranges and says which is wrong. */
            if (parse_number(argv[2 + i], 1000, &v) != 0)
                return usage();
            *fields[i] = (int)v;
        }
    }

    herd_game *g = NULL;
    herd_error err;
    int rc = herd_horses_new(&opt, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "herd-demo: herd_horses_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }

    char text[HERD_MAX_POSITION_TEXT];
    size_t len;
    rc = herd_position_to_text(g, text, sizeof text, &len);
    if (rc != HERD_OK) {
        fail(g, "herd_position_to_text", rc);
        herd_free(g);
        return EXIT_FAILURE;
    }
    printf("libherd %s: Herd of Horses, %dx%d, %d horses a side, seed %llu\n",
           herd_version_string(), opt.width, opt.height, opt.horses, (unsigned long long)opt.seed);
    printf("Start: %s\n\n", text);

    herd_status st;
    unsigned played = 0;
    for (;;) {
        rc = herd_get_status(g, &st);
        if (rc != HERD_OK) {
            fail(g, "herd_get_status", rc);
            herd_free(g);
            return EXIT_FAILURE;
        }
        if (st.result != HERD_ONGOING || played == MAX_DEMO_MOVES)
            break;

        rc = herd_play_genmove(g, 0, NULL);
        if (rc != HERD_OK) {
            fail(g, "herd_play_genmove", rc);
            herd_free(g);
            return EXIT_FAILURE;
        }
        played++;
    }

    /* The log's last lines come from the game's history: move n is entry n - 1. */
    unsigned first = played > LOG_TAIL ? played - LOG_TAIL + 1 : 1;
    if (first > 1)
        printf("Moves %u to %u of %u:\n", first, played, played);
    for (unsigned n = first; n <= played; n++) {
        char line[LOG_LINE_SIZE];
        rc = herd_horses_history_line(g, n - 1, line, sizeof line, &len);
        if (rc != HERD_OK) {
            fail(g, "herd_horses_history_line", rc);
            herd_free(g);
            return EXIT_FAILURE;
        }
        printf("%s\n", line);
    }
    putchar('\n');

    /* The board ends with the side to move or the result. */
    if (print_board(g) != EXIT_SUCCESS) {
        herd_free(g);
        return EXIT_FAILURE;
    }
    if (st.result == HERD_ONGOING)
        printf("Stopped after %u moves: the rules have no move limit.\n", played);

    herd_free(g);
    return output_close(stdout, "herd-demo", "standard output") ? EXIT_FAILURE : EXIT_SUCCESS;
}
