/* Choosing cells on a square grid of named cells (`a1` top left): what the
 * views of hare, fox and flock share. The cursor keys go to the next cell of
 * the board in that direction, a typed name goes to the cell it names, and
 * Enter or Space chooses the cell. */
#include <curses.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play.h"

const char *play_cell_name(herd_cell c, char *buf, size_t cap)
{
    snprintf(buf, cap, "%c%d", 'a' + c.row, c.col + 1);
    return buf;
}

int play_is_backspace(int ch)
{
    return ch == KEY_BACKSPACE || ch == 127 || ch == 8;
}

int play_same_cell(herd_cell a, herd_cell b)
{
    return a.row == b.row && a.col == b.col;
}

int play_cell_in(const herd_cell *list, size_t n, herd_cell c)
{
    for (size_t i = 0; i < n; i++)
        if (play_same_cell(list[i], c))
            return 1;
    return 0;
}

/* Reads a cell name at the start of `text`; returns the characters read,
 * 0 when there is none (a column past what a herd_cell holds names none). */
static int read_cell(const char *text, herd_cell *c)
{
    if (text[0] < 'a' || text[0] > 'z' || text[1] < '1' || text[1] > '9')
        return 0;
    int col = 0, n = 1;
    while (text[n] >= '0' && text[n] <= '9') {
        col = col * 10 + (text[n++] - '0');
        if (col - 1 > INT8_MAX)
            return 0;
    }
    c->row = (int8_t)(text[0] - 'a');
    c->col = (int8_t)(col - 1);
    return n;
}

int play_text_cells(const char *text, herd_cell *cells, int cap)
{
    int count = 0;
    for (;;) {
        if (count == cap)
            return 0;
        int n = read_cell(text, &cells[count]);
        if (!n)
            return 0;
        count++;
        text += n;
        if (!*text)
            return count;
        if (*text++ != '-')
            return 0;
    }
}

/* The typed name as a cell of the board; 0 when it names none. */
static int typed_cell(const play_session *s, const play_pick *p, int rows, int cols,
                      play_is_cell is_cell, herd_cell *c)
{
    int n = read_cell(p->typed, c);
    return n && !p->typed[n] && c->row < rows && c->col < cols && is_cell(s, *c);
}

/* The next cell of the board from the cursor in a direction: along the
 * row for left and right; for up and down the nearest cell of the next row
 * that has one. */
static void step_cursor(const play_session *s, play_pick *p, int dr, int dc, int rows, int cols,
                        play_is_cell is_cell)
{
    herd_cell at = p->cursor;
    if (dc) {
        for (int c = at.col + dc; c >= 0 && c < cols; c += dc)
            if (is_cell(s, (herd_cell){at.row, (int8_t)c})) {
                p->cursor.col = (int8_t)c;
                return;
            }
        return;
    }
    for (int r = at.row + dr; r >= 0 && r < rows; r += dr) {
        int best = -1;
        for (int c = 0; c < cols; c++)
            if (is_cell(s, (herd_cell){(int8_t)r, (int8_t)c}) &&
                (best < 0 || abs(c - at.col) < abs(best - at.col)))
                best = c;
        if (best >= 0) {
            p->cursor = (herd_cell){(int8_t)r, (int8_t)best};
            return;
        }
    }
}

int play_pick_key(play_session *s, play_pick *p, int ch, int rows, int cols, play_is_cell is_cell,
                  herd_cell *chosen)
{
    size_t len = strlen(p->typed);
    herd_cell c;
    if (play_is_backspace(ch)) {
        if (len)
            p->typed[len - 1] = '\0';
        return PICK_MOVED;
    }
    switch (ch) {
    case KEY_LEFT:
    case KEY_RIGHT:
    case KEY_UP:
    case KEY_DOWN:
        p->typed[0] = '\0';
        step_cursor(s, p,
                    ch == KEY_UP     ? -1
                    : ch == KEY_DOWN ? 1
                                     : 0,
                    ch == KEY_LEFT    ? -1
                    : ch == KEY_RIGHT ? 1
                                      : 0,
                    rows, cols, is_cell);
        return PICK_MOVED;
    case ' ':
    case '\n':
    case '\r':
    case KEY_ENTER:
        if (p->typed[0]) {
            if (!typed_cell(s, p, rows, cols, is_cell, &c)) {
                play_say(s, 1, "Refused: %s is not on this board.", p->typed);
                p->typed[0] = '\0';
                return PICK_MOVED;
            }
            p->cursor = c;
            p->typed[0] = '\0';
        }
        *chosen = p->cursor;
        return PICK_CHOSEN;
    default:
        if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) {
            if (ch >= 'a' && ch <= 'z')
                len = 0; /* a letter starts a new name */
            if (len + 1 < sizeof p->typed) {
                p->typed[len] = (char)ch;
                p->typed[len + 1] = '\0';
            }
            if (typed_cell(s, p, rows, cols, is_cell, &c))
                p->cursor = c;
            return PICK_MOVED;
        }
        return PICK_NONE;
    }
}

int play_choose(play_session *s, play_choice *ch, herd_cell c, int side_on_cell, const char *noun,
                play_targets targets)
{
    herd_status st;
    char name[PLAY_CELL_NAME_SIZE];
    if (herd_get_status(s->g, &st) != HERD_OK) {
        play_say(s, 1, "Refused: %s", herd_last_error(s->g));
        return 1;
    }
    if (ch->hint && play_same_cell(c, ch->hint_at)) {
        play_move(s, ch->hint);
        return 1;
    }
    ch->hint = 0;
    play_cell_name(c, name, sizeof name);
    if (ch->chosen && play_same_cell(c, ch->from)) {
        ch->chosen = 0;
        return 1;
    }
    if (ch->chosen && side_on_cell != st.side)
        return 0;
    if (side_on_cell != st.side) {
        play_say(s, 1, "Refused: %s holds no %s.", name, noun);
        return 1;
    }
    herd_cell list[HERD_MAX_MOVES];
    ch->chosen = 1;
    ch->from = c;
    if (targets(s, list) == 0) {
        ch->chosen = 0;
        play_say(s, 1, "Refused: the %s on %s cannot move now.", noun, name);
        return 1;
    }
    s->msg[0] = '\0';
    return 1;
}

int play_choice_move(play_session *s, const play_choice *ch, herd_cell to)
{
    char from[PLAY_CELL_NAME_SIZE], dest[PLAY_CELL_NAME_SIZE], text[2 * PLAY_CELL_NAME_SIZE];
    snprintf(text, sizeof text, "%s-%s", play_cell_name(ch->from, from, sizeof from),
             play_cell_name(to, dest, sizeof dest));
    return play_text_move(s, text);
}

void play_choose_hint(play_choice *ch, play_pick *p, herd_move m, herd_cell from, herd_cell to)
{
    ch->chosen = 1;
    ch->from = from;
    ch->hint = m;
    ch->hint_at = p->cursor = to;
    p->typed[0] = '\0';
}

void play_grid_labels(int rows, int cols, int y, int x, int dy, int dx)
{
    char text[16];
    for (int r = 0; r < rows; r++) {
        text[0] = (char)('a' + r);
        text[1] = '\0';
        play_put(y + dy * r, 0, 1, A_DIM, text);
    }
    for (int c = 0; c < cols; c++) {
        snprintf(text, sizeof text, "%d", c + 1);
        play_put(y - 1, x + dx * c - (c >= 9), 2, A_DIM, text);
    }
}
