/* Flock: the square board with each stone's range beside its letter, the
 * captures, the stones, the moves left before the move limit and the move
 * the straight-back rule forbids, all from include/herd/flock.h. The
 * person chooses a stone (cursor keys or a cell's name, then Enter or
 * Space): the cells it can slide to are marked (herd_flock_targets()) and
 * its flock is underlined; Enter on a target slides it. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include <herd/flock.h>

#include "play.h"

#define BOARD_X 3
#define BOARD_Y 2
#define PANEL_MIN 34
/* The panel's column: one after the last cell of cw columns. */
#define PANEL_X(cw, w) (BOARD_X + (cw) * (w) + 1)

typedef struct flock_view {
    play_pick pick;
    play_choice choice; /* the stone chosen */
} flock_view;

static void board_size(const play_session *s, int *rows, int *cols)
{
    herd_flock_options opt;
    herd_flock_options_init(&opt, HERD_FLOCK_OPTIONS_VERSION);
    herd_flock_options_of(s->g, &opt);
    *rows = opt.height;
    *cols = opt.width;
}

/* Screen columns per cell: 4 where the board and the panel fit, else 3. */
static int cell_width(const play_session *s, int screen_cols)
{
    int rows, cols;
    board_size(s, &rows, &cols);
    return PANEL_X(4, cols) + PANEL_MIN <= screen_cols ? 4 : 3;
}

static int is_cell(const play_session *s, herd_cell c)
{
    int rows, cols;
    board_size(s, &rows, &cols);
    return c.row >= 0 && c.row < rows && c.col >= 0 && c.col < cols;
}

static int side_at(const play_session *s, herd_cell c)
{
    int side = -1;
    herd_flock_at(s->g, c, &side);
    return side;
}

static size_t targets(const play_session *s, herd_cell *buf)
{
    const flock_view *v = s->vs;
    size_t count = 0;
    if (!v->choice.chosen ||
        herd_flock_targets(s->g, v->choice.from, buf, HERD_FLOCK_MAX_MOVES, &count) != HERD_OK)
        return 0;
    return count;
}

static int flock_open(play_session *s)
{
    flock_view *v = calloc(1, sizeof *v);
    if (!v)
        return -1;
    s->vs = v;
    int rows, cols;
    board_size(s, &rows, &cols);
    v->pick.cursor = (herd_cell){(int8_t)(rows - 1), 0}; /* Black's home row */
    /* The cursor starts on a stone of the side to move: the first from
     * that side's home row (Black's the last row, White's the first). */
    int side = play_side_to_act(s);
    if (side >= 0)
        for (int i = 0; i < rows * cols; i++) {
            herd_cell c = {(int8_t)(side == HERD_FLOCK_BLACK ? rows - 1 - i / cols : i / cols),
                           (int8_t)(i % cols)};
            if (side_at(s, c) == side) {
                v->pick.cursor = c;
                break;
            }
        }
    return 0;
}

static void flock_close(play_session *s)
{
    free(s->vs);
    s->vs = NULL;
}

static void flock_need(const play_session *s, int *rows, int *cols)
{
    int h, w;
    board_size(s, &h, &w);
    *rows = BOARD_Y + h + 3 < 24 ? 24 : BOARD_Y + h + 3;
    *cols = PANEL_X(3, w) + PANEL_MIN;
}

static void draw_board(play_session *s, int cw)
{
    flock_view *v = s->vs;
    int rows, cols, mine = play_human_turn(s);
    board_size(s, &rows, &cols);
    herd_cell list[HERD_FLOCK_MAX_MOVES], flock[HERD_FLOCK_MAX_SIZE * HERD_FLOCK_MAX_SIZE];
    size_t n = mine ? targets(s, list) : 0, flock_n = 0;
    if (v->choice.chosen)
        herd_flock_members(s->g, v->choice.from, flock, sizeof flock / sizeof *flock, &flock_n);
    herd_cell last_from = {-1, -1}, last_to = {-1, -1};
    if (play_log_len(s))
        herd_flock_move_cells(play_log_at(s, play_log_len(s) - 1).move, &last_from, &last_to);
    play_grid_labels(rows, cols, BOARD_Y, BOARD_X, 1, cw);
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            herd_cell p = {(int8_t)r, (int8_t)c};
            int y = BOARD_Y + r, x = BOARD_X + cw * c, side = side_at(s, p), range = 0;
            chtype ch = '.', digit = ' ', attr = A_DIM;
            if (side >= 0) {
                herd_flock_range(s->g, p, &range);
                ch = side == HERD_FLOCK_BLACK ? 'B' : 'W';
                digit = (chtype)('0' + range);
                attr = A_BOLD | COLOR_PAIR(side == HERD_FLOCK_BLACK ? PAIR_RED_BG : PAIR_BLUE_BG);
                if (play_same_cell(p, last_to))
                    attr |= A_UNDERLINE; /* the stone that moved last */
                if (play_cell_in(flock, flock_n, p))
                    attr |= A_UNDERLINE; /* the chosen stone's flock */
            } else if (play_same_cell(p, last_from)) {
                ch = 'o'; /* where the last move started */
            }
            if (play_cell_in(list, n, p)) {
                ch = '*';
                attr = A_BOLD | COLOR_PAIR(PAIR_YELLOW);
            }
            if (v->choice.chosen && play_same_cell(p, v->choice.from))
                attr = A_BOLD | COLOR_PAIR(PAIR_SELECTED);
            mvaddch(y, x, ch | attr);
            mvaddch(y, x + 1, digit | attr);
            if (mine && play_same_cell(p, v->pick.cursor)) {
                mvaddch(y, x - 1, '[' | A_BOLD);
                mvaddch(y, x + 2, ']' | A_BOLD);
            }
        }
}

static void flock_draw(play_session *s, int rows, int cols)
{
    flock_view *v = s->vs;
    int cw = cell_width(s, cols), h, w;
    board_size(s, &h, &w);
    draw_board(s, cw);

    int px = PANEL_X(cw, w), pw = cols - px, y = BOARD_Y - 1;
    char line[200], name[PLAY_CELL_NAME_SIZE], name2[PLAY_CELL_NAME_SIZE], text[HERD_MAX_MOVE_TEXT];
    int captured[2] = {0, 0}, stones[2] = {0, 0}, left = 0, banned = 0, range = 0;
    for (int side = 0; side < 2; side++) {
        herd_flock_captured(s->g, side, &captured[side]);
        herd_flock_stones(s->g, side, &stones[side]);
    }
    herd_flock_moves_left(s->g, &left);
    snprintf(line, sizeof line, "Captured: Black %d, White %d", captured[0], captured[1]);
    play_put(y++, px, pw, A_BOLD, line);
    snprintf(line, sizeof line, "  (%d captures win)", HERD_FLOCK_CAPTURES_TO_WIN);
    play_put(y++, px, pw, A_DIM, line);
    snprintf(line, sizeof line, "Stones: Black %d, White %d", stones[0], stones[1]);
    play_put(y++, px, pw, 0, line);
    snprintf(line, sizeof line, "Moves left: %d", left);
    play_put(y++, px, pw, A_BOLD, line);
    play_put(y++, px, pw, A_DIM, "  (then more stones wins)");
    play_put(y++, px, pw, A_DIM, "B2, W3: a stone and its range");
    herd_cell stone, cell;
    if (herd_flock_straight_back(s->g, &banned, &stone, &cell) == HERD_OK && banned) {
        snprintf(line, sizeof line, "Not straight back: %s-%s",
                 play_cell_name(stone, name, sizeof name),
                 play_cell_name(cell, name2, sizeof name2));
        play_put(y++, px, pw, 0, line);
    }
    if (v->choice.chosen && herd_flock_range(s->g, v->choice.from, &range) == HERD_OK) {
        snprintf(line, sizeof line, "Chosen: %s, range %d",
                 play_cell_name(v->choice.from, name, sizeof name), range);
        play_put(y++, px, pw, A_BOLD | COLOR_PAIR(PAIR_YELLOW), line);
    }
    if (play_log_len(s)) {
        play_entry last = play_log_at(s, play_log_len(s) - 1), *e = &last;
        snprintf(line, sizeof line, "Last move: %s %s",
                 play_side_title(s, e->side, name, sizeof name),
                 play_move_text(s, e->move, text, sizeof text));
        play_put(y++, px, pw, A_DIM, line);
    }
    if (v->pick.typed[0]) {
        snprintf(line, sizeof line, "Cell: %s_", v->pick.typed);
        play_put(y++, px, pw, A_BOLD, line);
    }
    play_draw_log(s, y + 1, px, rows - 4 - y, pw);
}

/* Enter or Space on a cell. */
static void choose(play_session *s, herd_cell c)
{
    flock_view *v = s->vs;
    herd_status st;
    if (herd_get_status(s->g, &st) != HERD_OK) {
        play_say(s, 1, "Refused: %s", herd_last_error(s->g));
        return;
    }
    if (play_choose(s, &v->choice, c, side_at(s, c),
                    st.side == HERD_FLOCK_BLACK ? "black stone" : "white stone", targets))
        return;
    play_choice_move(s, &v->choice, c); /* refused: the library says why, the choice stays */
}

static int flock_key(play_session *s, int ch)
{
    flock_view *v = s->vs;
    herd_cell c, before = v->pick.cursor;
    int rows, cols;
    board_size(s, &rows, &cols);
    if (play_is_backspace(ch) && !v->pick.typed[0]) {
        v->choice.chosen = 0;
        v->choice.hint = 0;
        return 1;
    }
    int got = play_pick_key(s, &v->pick, ch, rows, cols, is_cell, &c);
    if (got == PICK_NONE)
        return 0;
    if (got == PICK_CHOSEN)
        choose(s, c);
    else if (!play_same_cell(before, v->pick.cursor))
        v->choice.hint = 0;
    return 1;
}

static int flock_click(play_session *s, int y, int x)
{
    flock_view *v = s->vs;
    int cw = cell_width(s, COLS);
    herd_cell c = {(int8_t)(y - BOARD_Y), (int8_t)((x - BOARD_X + 1) / cw)};
    if (x < BOARD_X - 1 || !is_cell(s, c))
        return 0;
    v->pick.cursor = c;
    choose(s, c);
    return 1;
}

static void flock_hint(play_session *s, herd_move m)
{
    flock_view *v = s->vs;
    herd_cell from, to;
    herd_flock_move_cells(m, &from, &to);
    play_choose_hint(&v->choice, &v->pick, m, from, to);
}

static void flock_changed(play_session *s)
{
    flock_view *v = s->vs;
    v->choice.chosen = 0;
    v->choice.hint = 0;
    v->pick.typed[0] = '\0';
}

const play_view play_flock_view = {
    .game = "flock",
    .side_pair = {PAIR_RED, PAIR_BLUE},
    .keys = "arrows/cell, Enter pick & move",
    .open = flock_open,
    .close = flock_close,
    .need = flock_need,
    .draw = flock_draw,
    .key = flock_key,
    .click = flock_click,
    .hint = flock_hint,
    .changed = flock_changed,
};
