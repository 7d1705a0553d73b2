/* hex_dice: the dice game (Mark Steere's Herd on a hexhex board) with the
 * dice thrown on the table, or by the library.
 *
 * Usage: hex_dice [SIZE [SEED]] < ROLLS
 *
 * Each line of standard input is a throw of two physical dice, two numbers
 * 1..6 in any order: the program plays it as the chance action
 * (herd_hex_dice_move), which the rules check like any other. When the input
 * ends, the library rolls with its own seeded generator (herd_roll). The
 * computer plays both sides' removals and placements. A throw the rules
 * refuse is reported and the next line read. Prints one line per turn, and
 * the result. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <herd/hex.h>
#include <herd/herd.h>

/* Says what failed: the code's text and, for a call that took the game
 * non-const (g), the game's message. A const call (herd_show(),
 * herd_get_status(), ...) sets no message: pass NULL, the code says why. */
static int fail(const herd_game *g, const char *what, int rc)
{
    fprintf(stderr, "\nhex_dice: %s: %s%s%s\n", what, herd_strerror(rc), g ? ": " : "",
            g ? herd_last_error(g) : "");
    return EXIT_FAILURE;
}

/* Plays the next throw read from the input: HERD_OK, 1 at the end of the
 * input, or the code of a failure that is not the thrower's. */
static int throw_dice(herd_game *g)
{
    char line[64];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        int a, b;
        char extra;
        if (line[0] == '\0')
            continue;
        if (sscanf(line, "%3d %3d %c", &a, &b, &extra) != 2) {
            printf("refused '%s': a throw is two numbers, such as 3 5\n", line);
            continue;
        }
        /* Dice on a table have no order; the action names the lower first. */
        int rc = herd_apply(g, herd_hex_dice_move(a < b ? a : b, a < b ? b : a));
        if (rc != HERD_E_ILLEGAL)
            return rc;
        printf("refused '%s': %s\n", line, herd_last_error(g));
    }
    return 1;
}

static int play(herd_game *g)
{
    int input_open = 1, line_open = 0;
    herd_status st;
    for (;;) {
        int phase, rc = herd_get_status(g, &st);
        if (rc == HERD_OK)
            rc = herd_hex_phase(g, &phase);
        if (rc != HERD_OK)
            return fail(NULL, "reading the game", rc);
        if (st.result != HERD_ONGOING)
            break;
        if (phase != HERD_HEX_ROLL) {
            /* The removals, then the placements: one action per call. */
            herd_move m;
            char text[HERD_MAX_MOVE_TEXT];
            size_t len;
            rc = herd_play_genmove(g, 0, &m);
            if (rc == HERD_OK)
                rc = herd_move_to_text(g, m, text, sizeof text, &len);
            if (rc != HERD_OK)
                return fail(g, "the computer's action", rc);
            printf(" %s", text);
            continue;
        }

        /* A new turn: a chance event, which only a roll can play. */
        if (line_open)
            printf("\n");
        const char *by = "thrown";
        rc = input_open ? throw_dice(g) : 1;
        if (rc == 1) {
            if (input_open)
                printf("(end of input: the library rolls from here on)\n");
            input_open = 0;
            by = "rolled";
            rc = herd_roll(g, NULL);
        }
        if (rc != HERD_OK)
            return fail(g, "the dice", rc);
        int lo = 0, hi = 0;
        uint64_t turn = 0;
        herd_hex_dice(g, &lo, &hi);
        herd_hex_turns(g, &turn);
        printf("%3llu. %-4s %d,%d %s:", (unsigned long long)turn + 1, herd_side_name(g, st.side),
               lo, hi, by);
        line_open = 1;
    }

    int red = 0, blue = 0;
    herd_hex_stones(g, HERD_HEX_RED, &red);
    herd_hex_stones(g, HERD_HEX_BLUE, &blue);
    printf("%sstones: red %d, blue %d\n", line_open ? "\n" : "", red, blue);
    /* Every board has an odd number of cells: no draw. */
    char words[128]; /* how it ended, in the library's words */
    herd_result_text(g, words, sizeof words, NULL);
    printf("Result: %s\n", words);
    return EXIT_SUCCESS;
}

int main(int argc, char **argv)
{
    herd_hex_options opt = HERD_HEX_OPTIONS_INIT;
    unsigned long long number[2] = {3, 0}; /* size 3, 19 cells: a short game */
    for (int i = 1; i < argc; i++) {
        char *end;
        number[i - 1] = strtoull(argv[i], &end, 10);
        if (argc > 3 || *end || end == argv[i] || number[0] > 255) {
            fprintf(stderr, "usage: hex_dice [SIZE [SEED]] < ROLLS\n");
            return EXIT_FAILURE;
        }
    }
    opt.size = (int)number[0]; /* the library checks its range */
    opt.seed = number[1];
    herd_game *g;
    herd_error err;
    int rc = herd_hex_new(&opt, NULL, NULL, &g, &err); /* it checks the size's range */
    if (rc != HERD_OK) {
        fprintf(stderr, "hex_dice: herd_hex_new: %s: %s\n", herd_strerror(rc), err.message);
        return EXIT_FAILURE;
    }
    int status = play(g);
    herd_free(g);
    return status;
}
