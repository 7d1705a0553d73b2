/* The generic view: any game of the library from the generic API alone.
 * The board is herd_show()'s; the person types an action text of
 * docs/protocol.md (or picks one of the legal actions listed under the
 * board with the cursor keys, Tab completing what is typed). */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

#define INPUT_SIZE HERD_MAX_MOVE_TEXT

typedef struct generic {
    char typed[INPUT_SIZE]; /* what the person typed: filters the list */
    char input[INPUT_SIZE]; /* the action Enter plays */
    size_t pick;            /* Up/Down: the index among the matches, +1 */
    char board[8192];
    char list[HERD_MAX_MOVES][INPUT_SIZE]; /* the matches, as texts */
} generic;

static int generic_open(play_session *s)
{
    s->vs = calloc(1, sizeof(generic));
    return s->vs ? 0 : -1;
}

static void generic_close(play_session *s)
{
    free(s->vs);
    s->vs = NULL;
}

/* herd_show()'s board; the view's state holds it while it is drawn. */
static void load_board(const play_session *s)
{
    generic *v = s->vs;
    size_t len;
    if (herd_show(s->g, v->board, sizeof v->board, &len) != HERD_OK)
        snprintf(v->board, sizeof v->board, "(the board is too large to show)");
}

/* The board's size in lines and columns. */
static void board_size(const char *board, int *lines, int *width)
{
    *lines = 0;
    *width = 0;
    for (const char *p = board; *p;) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        if (len > *width)
            *width = len;
        ++*lines;
        p += len + (nl ? 1 : 0);
    }
}

static void generic_need(const play_session *s, int *rows, int *cols)
{
    generic *v = s->vs;
    int lines, width;
    load_board(s);
    board_size(v->board, &lines, &width);
    *rows = lines + 10 < 24 ? 24 : lines + 10;
    *cols = width + 2 < 60 ? 60 : width + 2;
}

/* The legal actions whose text starts with `prefix`, as texts. */
static size_t matches(const play_session *s, const char *prefix, char (*out)[INPUT_SIZE],
                      size_t cap)
{
    herd_move moves[HERD_MAX_MOVES];
    size_t count = play_legal(s, moves), n = 0;
    for (size_t i = 0; i < count && n < cap; i++) {
        play_move_text(s, moves[i], out[n], INPUT_SIZE);
        if (strncmp(out[n], prefix, strlen(prefix)) == 0)
            n++;
    }
    return n;
}

static void generic_draw(play_session *s, int rows, int cols)
{
    generic *v = s->vs;
    int lines, width;
    load_board(s);
    board_size(v->board, &lines, &width);
    int y = 2;
    for (const char *p = v->board; *p; y++) {
        const char *nl = strchr(p, '\n');
        int len = nl ? (int)(nl - p) : (int)strlen(p);
        mvaddnstr(y, 1, p, len < cols - 1 ? len : cols - 1);
        p += len + (nl ? 1 : 0);
    }
    int log_x = width + 4;
    if (cols - log_x >= 24)
        play_draw_log(s, 2, log_x, lines, cols - log_x);

    /* The position text carries the game's own figures (counts, phases). */
    char position[HERD_MAX_POSITION_TEXT];
    size_t len;
    y = lines + 3;
    if (herd_position_to_text(s->g, position, sizeof position, &len) == HERD_OK) {
        for (size_t at = 0; at < len && y < lines + 5; at += (size_t)cols - 2, y++)
            play_put(y, 1, cols - 2, A_DIM, position + at);
    }
    y++;
    if (!play_human_turn(s))
        return;
    char(*list)[INPUT_SIZE] = v->list;
    size_t n = matches(s, v->typed, list, HERD_MAX_MOVES);
    char head[INPUT_SIZE + 48];
    snprintf(head, sizeof head, "Legal actions%s%s (%zu):", v->typed[0] ? " starting " : "",
             v->typed, n);
    play_put(y++, 1, cols - 1, A_BOLD, head);
    int x = 1, last = rows - 4;
    for (size_t i = 0; i < n && y < last; i++) {
        int len = (int)strlen(list[i]);
        if (x + len + 1 >= cols) {
            x = 1;
            if (++y >= last)
                break;
        }
        int here = strcmp(list[i], v->input) == 0;
        play_put(y, x, len, here ? COLOR_PAIR(PAIR_YELLOW) | A_REVERSE : COLOR_PAIR(PAIR_YELLOW),
                 list[i]);
        x += len + 1;
    }
    char line[INPUT_SIZE + 40];
    snprintf(line, sizeof line, "Your action: %s_", v->input);
    play_put(rows - 3, 1, cols - 1, A_BOLD, line);
}

static void set_input(generic *v, const char *text)
{
    snprintf(v->input, sizeof v->input, "%s", text);
}

static int generic_key(play_session *s, int ch)
{
    generic *v = s->vs;
    char(*list)[INPUT_SIZE] = v->list;
    if (play_is_backspace(ch)) {
        size_t len = strlen(v->input);
        if (len)
            v->input[len - 1] = '\0';
        snprintf(v->typed, sizeof v->typed, "%s", v->input);
        v->pick = 0;
        return 1;
    }
    switch (ch) {
    case '\n':
    case '\r':
    case KEY_ENTER: {
        if (!v->input[0]) {
            play_say(s, 1, "Type an action first (the legal ones are listed).");
            return 1;
        }
        play_text_move(s, v->input);
        return 1;
    }
    case '\t': { /* completes to what all matches share */
        size_t n = matches(s, v->input, list, HERD_MAX_MOVES);
        if (n == 0)
            return 1;
        size_t common = strlen(list[0]);
        for (size_t i = 1; i < n; i++) {
            size_t k = 0;
            while (k < common && list[i][k] == list[0][k])
                k++;
            common = k;
        }
        list[0][common] = '\0';
        set_input(v, list[0]);
        snprintf(v->typed, sizeof v->typed, "%s", v->input);
        return 1;
    }
    case KEY_UP:
    case KEY_DOWN:
    case KEY_LEFT:
    case KEY_RIGHT: {
        size_t n = matches(s, v->typed, list, HERD_MAX_MOVES);
        if (n == 0)
            return 1;
        int back = ch == KEY_UP || ch == KEY_LEFT;
        v->pick = back ? (v->pick <= 1 ? n : v->pick - 1) : (v->pick >= n ? 1 : v->pick + 1);
        set_input(v, list[v->pick - 1]);
        return 1;
    }
    default:
        if (ch > ' ' && ch < 127) {
            size_t len = strlen(v->input);
            if (len + 1 < sizeof v->input) {
                v->input[len] = (char)ch;
                v->input[len + 1] = '\0';
            }
            snprintf(v->typed, sizeof v->typed, "%s", v->input);
            v->pick = 0;
            return 1;
        }
        return 0;
    }
}

static void generic_hint(play_session *s, herd_move m)
{
    generic *v = s->vs;
    play_move_text(s, m, v->input, sizeof v->input);
    v->typed[0] = '\0';
    v->pick = 0;
}

static void generic_changed(play_session *s)
{
    generic *v = s->vs;
    v->input[0] = v->typed[0] = '\0';
    v->pick = 0;
}

const play_view play_generic_view = {
    .game = NULL,
    .side_pair = {0, 0},
    .keys = "type an action + Enter, Tab: help", /* the keys line fits 80 */
    .open = generic_open,
    .close = generic_close,
    .need = generic_need,
    .draw = generic_draw,
    .key = generic_key,
    .hint = generic_hint,
    .changed = generic_changed,
};
