/* horses_game: Herd of Horses against the computer, the game loop of a front end.
 *
 * Usage: horses_game [SEED] < MOVES
 *
 * You play Green (horses from a1, racing for the bottom-right corner). Each
 * line of standard input is a jump as the protocol writes it, FROM-TO
 * (`a1-c2`); the computer answers with Red's. A jump the rules refuse is
 * reported with the library's reason (a cell taken, a herd that would split)
 * and with the jumps the horse has, and nothing changes: the next line is
 * read instead. Every jump is written as the moves log writes it, with both
 * sides' progress bars. When the input ends before the game does, the
 * computer plays on for Green, so every run ends with the result line.
 * Exits with 1 when a call fails for another reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/herd.h>
#include <herd/horses.h>

/* Says what failed: the code's text and, for a call that took the game
 * non-const (g), the game's message. A const call (herd_show(),
 * herd_get_status(), ...) sets no message: pass NULL, the code says why. */
static int fail(const herd_game *g, const char *what, int rc)
{
    fprintf(stderr, "horses_game: %s: %s%s%s\n", what, herd_strerror(rc), g ? ": " : "",
            g ? herd_last_error(g) : "");
    return EXIT_FAILURE;
}

/* A front end shows where a horse may jump once it is picked: here, after
 * a refused jump, for the horse the jump named. */
static void print_jumps(const herd_game *g, herd_cell from)
{
    herd_move legal[HERD_HORSES_MAX_MOVES];
    size_t n;
    if (herd_legal_moves(g, legal, HERD_HORSES_MAX_MOVES, &n) != HERD_OK)
        return;
    printf("  the horse on %c%d can jump to:", 'a' + from.row, from.col + 1);
    int none = 1;
    for (size_t i = 0; i < n; i++) {
        herd_cell a, b;
        if (herd_horses_move_cells(legal[i], &a, &b) == HERD_OK && a.row == from.row &&
            a.col == from.col) {
            printf(" %c%d", 'a' + b.row, b.col + 1);
            none = 0;
        }
    }
    printf("%s\n", none ? " nowhere (every jump splits the herd or lands on a horse)" : "");
}

/* Reads the human's next jump and plays it. Returns HERD_OK once a jump is
 * played (in *m), 1 at the end of the input, or the code of a failure that
 * is not the player's mistake. */
static int human_move(herd_game *g, herd_move *m)
{
    char text[HERD_MAX_MOVE_TEXT + 64];
    for (;;) {
        if (!fgets(text, (int)sizeof text, stdin))
            return 1;
        text[strcspn(text, "\r\n")] = '\0';
        if (text[0] == '\0')
            continue;
        int rc = herd_move_from_text(g, text, m);
        if (rc == HERD_OK)
            rc = herd_apply(g, *m);
        if (rc == HERD_OK)
            return HERD_OK;
        /* A typo (PARSE) or a jump against the rules (ILLEGAL) is the
         * player's to mend; the game is unchanged either way. */
        if (rc != HERD_E_PARSE && rc != HERD_E_ILLEGAL)
            return rc;
        printf("refused %s: %s\n", text, herd_last_error(g));
        herd_cell from;
        int side;
        if (rc == HERD_E_ILLEGAL && herd_horses_move_cells(*m, &from, NULL) == HERD_OK &&
            herd_horses_at(g, from, &side, NULL) == HERD_OK && side == 0)
            print_jumps(g, from);
    }
}

/* The moves-log line of the jump just played (the history's newest entry:
 * the game numbers it), and the progress bars a front end keeps on screen:
 * knight moves left to the target corner. */
static int print_move(const herd_game *g, const char *who)
{
    char line[128];
    size_t len;
    int rc = herd_horses_history_line(g, herd_history_length(g) - 1, line, sizeof line, &len);
    if (rc != HERD_OK)
        return rc;
    int green = 0, red = 0, parts = 0;
    herd_horses_progress(g, 0, &green, &parts);
    herd_horses_progress(g, 1, &red, NULL);
    printf("%s (%s); to go: green %d, red %d of %d\n", line, who, green, red, parts);
    return HERD_OK;
}

static int play(herd_game *g)
{
    char board[HERD_MAX_POSITION_TEXT * 2];
    size_t len;
    int rc = herd_show(g, board, sizeof board, &len);
    if (rc != HERD_OK)
        return fail(NULL, "herd_show", rc);
    printf("%s\n", board);

    int input_open = 1;
    for (;;) {
        herd_status st;
        rc = herd_get_status(g, &st);
        if (rc != HERD_OK)
            return fail(NULL, "herd_get_status", rc);
        if (st.result != HERD_ONGOING) {
            char words[128]; /* how it ended, in the library's words */
            herd_result_text(g, words, sizeof words, NULL);
            printf("Result: %s\n", words);
            return EXIT_SUCCESS;
        }
        herd_move m;
        const char *who = "computer";
        if (st.side == 0 && input_open) {
            rc = human_move(g, &m);
            if (rc == 1) {
                input_open = 0;
                printf("(end of input: the computer plays on for Green)\n");
                continue;
            }
            if (rc != HERD_OK)
                return fail(g, "playing your jump", rc);
            who = "you";
        } else if ((rc = herd_play_genmove(g, 0, &m)) != HERD_OK) {
            return fail(g, "the computer's jump", rc);
        }
        if ((rc = print_move(g, who)) != HERD_OK)
            return fail(NULL, "herd_horses_history_line", rc);
    }
}

int main(int argc, char **argv)
{
    herd_horses_options opt = HERD_HORSES_OPTIONS_INIT;
    if (argc > 1) {
        char *end;
        opt.seed = strtoull(argv[1], &end, 10); /* the computer's choices */
        if (*end || end == argv[1]) {
            fprintf(stderr, "usage: horses_game [SEED] < MOVES\n");
            return EXIT_FAILURE;
        }
    }
    herd_game *g;
    herd_error err;
    int rc = herd_horses_new(&opt, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "horses_game: herd_horses_new: %s: %s\n", herd_strerror(rc),
                err.message);
        return EXIT_FAILURE;
    }
    int status = play(g);
    herd_free(g);
    return status;
}
