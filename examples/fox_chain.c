/* fox_chain: Fox and Geese, you the fox against the computer's geese, with
 * the fox's jump chain played hop by hop, as a front end plays it.
 *
 * Usage: fox_chain [POSITION] < INPUT
 *
 * Each line of standard input is a point name, where you send the fox, as a
 * click on the board would: a neighbouring point is a step, a point two away
 * beyond a goose a jump, one hop of a chain. After a hop from which the fox
 * can jump again the fox keeps the turn, in a chain, and may only jump on or
 * say `stop`. `undo` takes back your whole turn (every hop of it) and the
 * geese's reply. A refused line changes nothing. When the input ends, the
 * computer plays on for the fox, so every run ends with the result line.
 * POSITION, a position text of the protocol, sets where the game starts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/fox.h>
#include <herd/herd.h>

/* Says what failed: the code's text and, for a call that took the game
 * non-const (g), the game's message. A const call (herd_show(),
 * herd_get_status(), ...) sets no message: pass NULL, the code says why. */
static int fail(const herd_game *g, const char *what, int rc)
{
    fprintf(stderr, "fox_chain: %s: %s%s%s\n", what, herd_strerror(rc), g ? ": " : "",
            g ? herd_last_error(g) : "");
    return EXIT_FAILURE;
}

/* The action a click on @p text makes: a step, one hop, or `stop`; 0 when
 * the text is no point name or the point is neither near nor two away in a
 * line. The rules (herd_apply) judge the rest. */
static herd_move action_of(const herd_game *g, const char *text)
{
    if (strcmp(text, "stop") == 0)
        return herd_fox_stop();
    if (strlen(text) != 2 || text[0] < 'a' || text[0] > 'g' || text[1] < '1' || text[1] > '7')
        return 0;
    herd_cell fox, to = {text[0] - 'a', text[1] - '1'};
    if (herd_fox_locate(g, &fox) != HERD_OK)
        return 0;
    if (abs(to.row - fox.row) <= 1 && abs(to.col - fox.col) <= 1)
        return herd_fox_step(fox, to);
    return herd_fox_jump(fox, to);
}

/* Prints an action just played, with what a front end then shows. */
static int report(herd_game *g, int side, herd_move m, const char *who)
{
    char text[HERD_MAX_MOVE_TEXT];
    size_t len;
    int rc = herd_move_to_text(g, m, text, sizeof text, &len);
    if (rc != HERD_OK)
        return rc;
    int kind = 0, geese = 0, chain = 0;
    herd_fox_move_kind(m, &kind);
    herd_fox_geese_left(g, &geese);
    herd_fox_in_chain(g, &chain);
    printf("%s %s (%s)", herd_side_name(g, side), text, who);
    if (kind == HERD_FOX_JUMP)
        printf(": a goose taken, %d left", geese);
    printf("%s\n", chain ? "; in a chain: jump on or stop" : "");
    return HERD_OK;
}

/* Reads lines until one is played: HERD_OK, 1 at the end of the input, or
 * the code of a failure that is not the player's mistake. */
static int your_turn(herd_game *g)
{
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        if (line[0] == '\0')
            continue;
        if (strcmp(line, "undo") == 0) {
            /* Back to the start of your turn: the geese's reply and every hop. */
            herd_cell fox = {0, 0};
            int geese = 0;
            if (herd_undo_turn(g, HERD_FOX_FOX) != HERD_OK) {
                printf("refused undo: nothing of yours to take back\n");
                continue;
            }
            herd_fox_locate(g, &fox);
            herd_fox_geese_left(g, &geese);
            printf("undone: the fox is on %c%d, %d geese\n", 'a' + fox.row, fox.col + 1, geese);
            continue;
        }
        herd_move m = action_of(g, line);
        int rc = m ? herd_apply(g, m) : HERD_E_ILLEGAL;
        if (rc == HERD_OK)
            return report(g, HERD_FOX_FOX, m, "you");
        if (rc != HERD_E_ILLEGAL)
            return rc;
        printf("refused %s: %s\n", line, m ? herd_last_error(g) : "no step or jump of the fox");
    }
    return 1;
}

static int play(herd_game *g)
{
    char board[HERD_MAX_POSITION_TEXT]; /* the board is a dozen short lines */
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
        if (st.result == HERD_WIN) {
            char words[128]; /* how it ended, in the library's words */
            herd_result_text(g, words, sizeof words, NULL);
            printf("Result: %s\n", words);
            return EXIT_SUCCESS;
        }
        if (st.side == HERD_FOX_FOX && input_open) {
            rc = your_turn(g);
            if (rc == 1) {
                input_open = 0;
                printf("(end of input: the computer plays on for the fox)\n");
            } else if (rc != HERD_OK) {
                return fail(g, "your move", rc);
            }
            continue;
        }
        /* The computer, too, plays a chain one hop per call. */
        herd_move m;
        rc = herd_play_genmove(g, 0, &m);
        if (rc == HERD_OK)
            rc = report(g, st.side, m, "computer");
        if (rc != HERD_OK)
            return fail(g, "the computer's move", rc);
    }
}

int main(int argc, char **argv)
{
    herd_game *g;
    herd_error err;
    int rc = herd_fox_new(NULL, NULL, NULL, &g, &err); /* 13 geese, no sideways steps */
    if (rc != HERD_OK) {
        fprintf(stderr, "fox_chain: herd_fox_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }
    int status = EXIT_FAILURE;
    if (argc > 1 && (rc = herd_position_from_text(g, argv[1])) != HERD_OK)
        fail(g, "the position", rc); /* the message names what is wrong with it */
    else
        status = play(g);
    herd_free(g);
    return status;
}
