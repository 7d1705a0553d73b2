/* Herd on a hexhex board: the rows as hexagons of cells, the dice, the
 * removals or placements left, the stones of each side and the last turn.
 * The person moves a cursor with the cursor keys (or types a cell name) and
 * presses Enter or Space to remove the enemy stone there or to place a stone
 * there, whichever the turn's phase asks; the cells where that is legal are
 * marked. The dice are rolled with the game's own generator. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include <herd/hex.h>

#include "play.h"

#define BOARD_X 3
#define BOARD_Y 2
#define PANEL_W 38   /* the panel beside the board: figures, last turn, log */
#define PANEL_MIN 30 /* the narrowest panel that still shows the figures */

typedef struct hex_view {
    int row, col;  /* the cursor */
    char typed[8]; /* a cell name being typed */
} hex_view;

static int hex_open(play_session *s)
{
    hex_view *v = calloc(1, sizeof *v);
    if (!v)
        return -1;
    s->vs = v;
    return 0;
}

static void hex_close(play_session *s)
{
    free(s->vs);
    s->vs = NULL;
}

static int rows_of(const play_session *s)
{
    int size = HERD_HEX_DEFAULT_SIZE;
    herd_hex_size(s->g, &size);
    return 2 * size - 1;
}

static int row_len(const play_session *s, int row)
{
    int len = 0;
    herd_hex_row_length(s->g, row, &len);
    return len;
}

/* Screen columns per cell: 4 where the board and the panel fit, else 2. */
static int cell_width(const play_session *s, int cols)
{
    return BOARD_X + 4 * rows_of(s) + 2 + PANEL_W <= cols ? 4 : 2;
}

static int cell_x(const play_session *s, int cw, int row, int col)
{
    return BOARD_X + (cw / 2) * (rows_of(s) - row_len(s, row)) + cw * col;
}

static void hex_need(const play_session *s, int *rows, int *cols)
{
    int n = rows_of(s);
    *rows = BOARD_Y + n + 3 < 24 ? 24 : BOARD_Y + n + 3;
    *cols = BOARD_X + 2 * n + 2 + PANEL_MIN;
}

/* The action that the turn's phase asks for on a cell (0 while rolling). */
static herd_move cell_action(const play_session *s, int row, int col)
{
    int phase = HERD_HEX_ROLL;
    herd_hex_phase(s->g, &phase);
    if (phase == HERD_HEX_REMOVE)
        return herd_hex_remove_move((herd_cell){row, col});
    if (phase == HERD_HEX_PLACE)
        return herd_hex_place_move((herd_cell){row, col});
    return 0;
}

/* Reads a cell name ("c3") from a text; 0 when it names no cell. */
static int parse_cell(const play_session *s, const char *text, int *row, int *col)
{
    if (*text < 'a' || *text > 'z')
        return 0;
    int r = *text++ - 'a', c = 0;
    if (*text < '1' || *text > '9')
        return 0;
    while (*text >= '0' && *text <= '9' && c < 1000)
        c = c * 10 + (*text++ - '0');
    if (*text || r >= rows_of(s) || c > row_len(s, r))
        return 0;
    *row = r;
    *col = c - 1;
    return 1;
}

/* The actions of the last turn of the side that acted before the side now
 * to act, as the trailing entries of the log. */
static size_t last_turn(const play_session *s, size_t *first)
{
    herd_status st;
    herd_get_status(s->g, &st);
    size_t end = play_log_len(s);
    while (end > 0 && st.result == HERD_ONGOING && play_log_at(s, end - 1).side == st.side)
        end--;
    size_t begin = end;
    while (begin > 0 && play_log_at(s, begin - 1).side == (end ? play_log_at(s, end - 1).side : -1))
        begin--;
    *first = begin;
    return end - begin;
}

static int in_last_turn(const play_session *s, herd_move m)
{
    size_t first, n = last_turn(s, &first);
    for (size_t i = first; i < first + n; i++)
        if (play_log_at(s, i).move == m)
            return 1;
    return 0;
}

static void draw_cell(play_session *s, int cw, int row, int col, int mine)
{
    hex_view *v = s->vs;
    int y = BOARD_Y + row, x = cell_x(s, cw, row, col);
    int side = -1;
    herd_hex_at(s->g, (herd_cell){row, col}, &side);
    char mid = '.';
    int attr = A_DIM;
    if (side >= 0) {
        mid = side == HERD_HEX_RED ? 'R' : 'B';
        attr = COLOR_PAIR(side == HERD_HEX_RED ? PAIR_RED_BG : PAIR_BLUE_BG) | A_BOLD;
        if (in_last_turn(s, herd_hex_place_move((herd_cell){row, col})))
            attr |= A_UNDERLINE;
    } else if (in_last_turn(s, herd_hex_remove_move((herd_cell){row, col}))) {
        mid = 'x'; /* a stone removed in the last turn */
    }
    int legal = mine && herd_is_legal(s->g, cell_action(s, row, col));
    if (legal && side < 0) {
        mid = '+';
        attr = COLOR_PAIR(PAIR_YELLOW) | A_BOLD;
    }
    int here = mine && v->row == row && v->col == col;
    if (here)
        attr |= A_REVERSE;
    if (cw == 4) {
        char left = ' ', right = ' ';
        int frame = 0;
        if (legal && side >= 0) /* an enemy stone that may be removed */
            left = '-', right = '-', frame = COLOR_PAIR(PAIR_YELLOW) | A_BOLD;
        if (here)
            left = '[', right = ']', frame = A_BOLD;
        mvaddch(y, x, (chtype)left | (chtype)frame);
        mvaddch(y, x + 2, (chtype)right | (chtype)frame);
    } else if (legal && side >= 0) {
        attr |= A_BLINK;
    }
    mvaddch(y, x + 1, (chtype)mid | (chtype)attr);
}

static void hex_draw(play_session *s, int rows, int cols)
{
    hex_view *v = s->vs;
    int cw = cell_width(s, cols), n = rows_of(s);
    int mine = play_human_turn(s);
    int width = 0;
    for (int r = 0; r < n; r++) {
        char letter[2] = {(char)('a' + r), '\0'};
        play_put(BOARD_Y + r, 0, 1, A_DIM, letter);
        for (int c = 0; c < row_len(s, r); c++)
            draw_cell(s, cw, r, c, mine);
    }
    width = cell_x(s, cw, n / 2, row_len(s, n / 2) - 1) + cw;

    int px = width + 2, pw = cols - px, y = BOARD_Y - 1;
    char line[160], who[16];
    herd_status st;
    herd_get_status(s->g, &st);
    uint64_t turns = 0;
    int phase = HERD_HEX_ROLL, lo = 0, hi = 0, left = 0;
    herd_hex_turns(s->g, &turns);
    herd_hex_phase(s->g, &phase);
    herd_hex_dice(s->g, &lo, &hi);
    herd_hex_left(s->g, &left);
    snprintf(line, sizeof line, "Turn %llu", (unsigned long long)turns + 1);
    play_put(y++, px, pw, A_BOLD, line);
    if (st.result == HERD_ONGOING && phase != HERD_HEX_ROLL) {
        snprintf(line, sizeof line, "Dice: %d and %d", lo, hi);
        play_put(y++, px, pw, 0, line);
        snprintf(line, sizeof line, "%s left: %d",
                 phase == HERD_HEX_REMOVE ? "Removals" : "Placements", left);
        play_put(y++, px, pw, A_BOLD | COLOR_PAIR(PAIR_YELLOW), line);
    }
    int red = 0, blue = 0, cells = 0;
    herd_hex_stones(s->g, HERD_HEX_RED, &red);
    herd_hex_stones(s->g, HERD_HEX_BLUE, &blue);
    herd_hex_cell_count(s->g, &cells);
    snprintf(line, sizeof line, "Stones: Red %d, Blue %d, empty %d", red, blue, cells - red - blue);
    play_put(y++, px, pw, 0, line);

    size_t first, count = last_turn(s, &first);
    if (count) {
        int at = snprintf(line, sizeof line, "Last turn, %s:",
                          play_side_title(s, play_log_at(s, first).side, who, sizeof who));
        for (size_t i = first; i < first + count && at > 0 && (size_t)at < sizeof line; i++) {
            char act[HERD_MAX_MOVE_TEXT];
            at += snprintf(line + at, sizeof line - (size_t)at, " %s",
                           play_move_text(s, play_log_at(s, i).move, act, sizeof act));
        }
        play_put(y++, px, pw, A_DIM, line);
        if ((int)strlen(line) > pw && pw > 0)
            play_put(y++, px, pw, A_DIM, line + pw);
    }
    if (v->typed[0]) {
        snprintf(line, sizeof line, "Cell: %s_", v->typed);
        play_put(y++, px, pw, A_BOLD, line);
    }
    y++;
    play_draw_log(s, y, px, rows - 3 - y, pw);
}

static void act(play_session *s, int row, int col)
{
    herd_move m = cell_action(s, row, col);
    if (!m) {
        play_say(s, 1, "Refused: the dice are not rolled yet.");
        return;
    }
    play_move(s, m);
}

/* Moves the cursor to the row `dr` away, to the cell nearest on screen. */
static void cursor_row(play_session *s, int dr)
{
    hex_view *v = s->vs;
    int row = v->row + dr;
    if (row < 0 || row >= rows_of(s))
        return;
    int x = cell_x(s, 2, v->row, v->col), best = 0;
    for (int c = 1; c < row_len(s, row); c++)
        if (abs(cell_x(s, 2, row, c) - x) < abs(cell_x(s, 2, row, best) - x))
            best = c;
    v->row = row;
    v->col = best;
}

static int hex_key(play_session *s, int ch)
{
    hex_view *v = s->vs;
    size_t len = strlen(v->typed);
    if (play_is_backspace(ch)) {
        if (len)
            v->typed[len - 1] = '\0';
        return 1;
    }
    switch (ch) {
    case KEY_LEFT:
        if (v->col > 0)
            v->col--;
        return 1;
    case KEY_RIGHT:
        if (v->col + 1 < row_len(s, v->row))
            v->col++;
        return 1;
    case KEY_UP:
        cursor_row(s, -1);
        return 1;
    case KEY_DOWN:
        cursor_row(s, 1);
        return 1;
    case ' ':
    case '\n':
    case '\r':
    case KEY_ENTER:
        if (v->typed[0]) {
            int row, col;
            if (!parse_cell(s, v->typed, &row, &col)) {
                play_say(s, 1, "Refused: %s is no cell of this board.", v->typed);
                v->typed[0] = '\0';
                return 1;
            }
            v->typed[0] = '\0';
            v->row = row;
            v->col = col;
        }
        act(s, v->row, v->col);
        return 1;
    default:
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
            if (ch >= 'a' && ch <= 'z')
                len = 0; /* a letter starts a new name */
            if (len + 1 < sizeof v->typed) {
                v->typed[len] = (char)ch;
                v->typed[len + 1] = '\0';
            }
            int row, col;
            if (parse_cell(s, v->typed, &row, &col)) {
                v->row = row;
                v->col = col;
            }
            return 1;
        }
        return 0;
    }
}

static int hex_click(play_session *s, int y, int x)
{
    hex_view *v = s->vs;
    int row = y - BOARD_Y, cw = cell_width(s, COLS);
    if (row < 0 || row >= rows_of(s))
        return 0;
    for (int c = 0; c < row_len(s, row); c++) {
        int cx = cell_x(s, cw, row, c);
        if (x >= cx && x < cx + cw) {
            v->row = row;
            v->col = c;
            act(s, row, c);
            return 1;
        }
    }
    return 0;
}

static void hex_hint(play_session *s, herd_move m)
{
    hex_view *v = s->vs;
    char text[HERD_MAX_MOVE_TEXT];
    int row, col;
    play_move_text(s, m, text, sizeof text);
    if ((text[0] == '+' || text[0] == '-') && parse_cell(s, text + 1, &row, &col)) {
        v->row = row;
        v->col = col;
    }
    v->typed[0] = '\0';
}

static void hex_changed(play_session *s)
{
    ((hex_view *)s->vs)->typed[0] = '\0';
}

const play_view play_hex_view = {
    .game = "hex",
    .side_pair = {PAIR_RED, PAIR_BLUE},
    .keys = "arrows/cell, Enter remove/place",
    .open = hex_open,
    .close = hex_close,
    .need = hex_need,
    .draw = hex_draw,
    .key = hex_key,
    .click = hex_click,
    .hint = hex_hint,
    .changed = hex_changed,
};
