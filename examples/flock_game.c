/* flock_game: Flock against the computer, the game loop of a front end.
 *
 * Usage: flock_game [SEED] < MOVES
 *
 * You play Black (the bottom row, first to move). Each line of standard
 * input is a move as the protocol writes it, FROM-TO (`g2-e2`); the computer
 * answers with White's. A move the rules refuse is reported with the
 * library's reason, and with the cells the stone could reach, and nothing
 * changes: the next line is read instead. When the input ends before the
 * game does, the computer plays on for Black, so every run ends with the
 * result line. Exits with 1 when a call fails for another reason. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/flock.h>
#include <herd/herd.h>

/* Says what failed: the code's text and, for a call that took the game
 * non-const (g), the game's message. A const call (herd_show(),
 * herd_get_status(), ...) sets no message: pass NULL, the code says why. */
static int fail(const herd_game *g, const char *what, int rc)
{
    fprintf(stderr, "flock_game: %s: %s%s%s\n", what, herd_strerror(rc), g ? ": " : "",
            g ? herd_last_error(g) : "");
    return EXIT_FAILURE;
}

/* A front end shows where a stone may go once it is picked: here, after a
 * refused move, for the stone the move named. */
static void print_targets(const herd_game *g, herd_cell from)
{
    herd_cell to[HERD_FLOCK_MAX_MOVES];
    size_t n;
    if (herd_flock_targets(g, from, to, HERD_FLOCK_MAX_MOVES, &n) != HERD_OK || n == 0)
        return; /* an empty cell, or the other side's stone: nothing to show */
    printf("  the stone on %c%d can go to:", 'a' + from.row, from.col + 1);
    for (size_t i = 0; i < n; i++)
        printf(" %c%d", 'a' + to[i].row, to[i].col + 1);
    printf("\n");
}

/* Reads the human's next move and plays it. Returns HERD_OK once a move is
 * played, 1 at the end of the input, or the code of a failure that is not
 * the player's mistake. */
static int human_move(herd_game *g, char *text, size_t cap)
{
    for (;;) {
        if (!fgets(text, (int)cap, stdin))
            return 1;
        text[strcspn(text, "\r\n")] = '\0';
        if (text[0] == '\0')
            continue;
        herd_move m;
        int rc = herd_move_from_text(g, text, &m);
        if (rc == HERD_OK)
            rc = herd_apply(g, m);
        if (rc == HERD_OK)
            return HERD_OK;
        /* A typo (PARSE) or a move against the rules (ILLEGAL) is the
         * player's to mend; the game is unchanged either way. */
        if (rc != HERD_E_PARSE && rc != HERD_E_ILLEGAL)
            return rc;
        printf("refused %s: %s\n", text, herd_last_error(g));
        herd_cell from;
        if (rc == HERD_E_ILLEGAL && herd_flock_move_cells(m, &from, NULL) == HERD_OK)
            print_targets(g, from);
    }
}

static int play(herd_game *g)
{
    /* The board once, for its cell names; then one line per move. */
    char board[HERD_MAX_POSITION_TEXT]; /* the largest board's is shorter */
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
            char words[128]; /* a win or a draw, in the library's words */
            herd_result_text(g, words, sizeof words, NULL);
            printf("Result: %s\n", words);
            return EXIT_SUCCESS;
        }

        char text[HERD_MAX_MOVE_TEXT + 64];
        const char *who = "computer";
        if (st.side == HERD_FLOCK_BLACK && input_open) {
            rc = human_move(g, text, sizeof text);
            if (rc == 1) {
                input_open = 0;
                printf("(end of input: the computer plays on for Black)\n");
                continue;
            }
            if (rc != HERD_OK)
                return fail(g, "playing your move", rc);
            who = "you";
        } else {
            herd_move m;
            rc = herd_play_genmove(g, 0, &m);
            if (rc == HERD_OK)
                rc = herd_move_to_text(g, m, text, sizeof text, &len);
            if (rc != HERD_OK)
                return fail(g, "the computer's move", rc);
        }

        /* The counts a front end keeps on screen: the captures (three win)
         * and the moves left before the limit decides. */
        int ply = 0, left = 0, black = 0, white = 0;
        herd_flock_ply(g, &ply);
        herd_flock_moves_left(g, &left);
        herd_flock_captured(g, HERD_FLOCK_BLACK, &black);
        herd_flock_captured(g, HERD_FLOCK_WHITE, &white);
        printf("%3d. %s %s (%s); captured %d:%d, %d moves left\n", ply,
               herd_side_name(g, st.side), text, who, black, white, left);
    }
}

int main(int argc, char **argv)
{
    herd_flock_options opt = HERD_FLOCK_OPTIONS_INIT;
    if (argc > 1) {
        char *end;
        opt.seed = strtoull(argv[1], &end, 10); /* the computer's choices */
        if (*end || end == argv[1]) {
            fprintf(stderr, "usage: flock_game [SEED] < MOVES\n");
            return EXIT_FAILURE;
        }
    }
    herd_game *g;
    herd_error err;
    int rc = herd_flock_new(&opt, NULL, NULL, &g, &err);
    if (rc != HERD_OK) {
        fprintf(stderr, "flock_game: herd_flock_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }
    int status = play(g);
    herd_free(g);
    return status;
}
