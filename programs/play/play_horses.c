/* Herd of Horses as seed 000 shows it, as closely as a terminal allows.
 *
 * The board has row letters and column numbers; a horse is its digit (0 for
 * the tenth) on its player's colour. The target corners are outlined [ ] in
 * the colour of the player who must reach them. The selected horse is ringed
 * ( ) in yellow, and the cells it can jump to are dotted .a. .b. ... in
 * reading order; the horses of the side to move that cannot move are faded
 * with a dashed outline :3:. Beside the board: the two progress bars, the
 * connection lines, and the moves log, newest first. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include <herd/horses.h>

#include "play.h"

#define CELL_W 3   /* screen columns per board column */
#define BOARD_X 3  /* screen column of the board's first cell */
#define BOARD_Y 2  /* screen row of the board's first row */
#define PANEL_W 44 /* the panel beside the board: bars, lines, log */

typedef struct horses_view {
    int selected; /* the selected horse of the side to move, 0 for none */
    herd_cell targets[8];
    int ntargets;
    int hint; /* the target that Enter plays (a hint), -1 for none */
} horses_view;

static int horses_open(play_session *s)
{
    horses_view *v = calloc(1, sizeof *v);
    if (!v)
        return -1;
    v->hint = -1;
    s->vs = v;
    return 0;
}

static void horses_close(play_session *s)
{
    free(s->vs);
    s->vs = NULL;
}

static void board_dims(const play_session *s, int *w, int *h, int *n)
{
    herd_horses_options opt;
    herd_horses_options_init(&opt, HERD_HORSES_OPTIONS_VERSION);
    herd_horses_options_of(s->g, &opt);
    *w = opt.width;
    *h = opt.height;
    *n = opt.horses;
}

static void horses_need(const play_session *s, int *rows, int *cols)
{
    int w, h, n;
    board_dims(s, &w, &h, &n);
    *rows = BOARD_Y + h + 2 < 24 ? 24 : BOARD_Y + h + 2;
    *cols = BOARD_X + CELL_W * w + 2 + PANEL_W;
}

static int same_cell(herd_cell a, herd_cell b)
{
    return a.row == b.row && a.col == b.col;
}

/* Nonzero when the horse on `from` has a legal move now. */
static int can_move(const herd_move *moves, size_t count, herd_cell from)
{
    for (size_t i = 0; i < count; i++) {
        herd_cell f, t;
        herd_horses_move_cells(moves[i], &f, &t);
        if (same_cell(f, from))
            return 1;
    }
    return 0;
}

static int reading_order(const void *a, const void *b)
{
    const herd_cell *x = a, *y = b;
    return x->row != y->row ? x->row - y->row : x->col - y->col;
}

static void deselect(horses_view *v)
{
    v->selected = 0;
    v->ntargets = 0;
    v->hint = -1;
}

/* Selects horse `number` of the side to move; its targets get the letters
 * a, b, c, ... from top to bottom, left to right. */
static int select_horse(play_session *s, int number)
{
    horses_view *v = s->vs;
    int side, w, h, n;
    herd_status st;
    herd_get_status(s->g, &st);
    side = st.side;
    board_dims(s, &w, &h, &n);
    int digit = number % 10;
    if (number < 1 || number > n) {
        play_say(s, 1, "Refused: there is no horse %d (the horses are 1..%d).", digit, n % 10);
        return 0;
    }
    herd_cell from;
    herd_horses_horse(s->g, side, number, &from);
    herd_move moves[HERD_HORSES_MAX_MOVES];
    size_t count = 0;
    herd_legal_moves(s->g, moves, HERD_HORSES_MAX_MOVES, &count);
    if (!can_move(moves, count, from)) {
        play_say(s, 1, "Refused: horse %d cannot move now.", digit);
        return 0;
    }
    deselect(v);
    v->selected = number;
    for (size_t i = 0; i < count && v->ntargets < 8; i++) {
        herd_cell f, t;
        herd_horses_move_cells(moves[i], &f, &t);
        if (same_cell(f, from))
            v->targets[v->ntargets++] = t;
    }
    qsort(v->targets, (size_t)v->ntargets, sizeof v->targets[0], reading_order);
    s->msg[0] = '\0';
    return 1;
}

static void play_target(play_session *s, int index)
{
    horses_view *v = s->vs;
    herd_status st;
    herd_cell from;
    herd_get_status(s->g, &st);
    herd_horses_horse(s->g, st.side, v->selected, &from);
    play_move(s, herd_horses_move(from, v->targets[index]));
}

/* What a cell shows: its three characters and their attributes. */
static void draw_cell(play_session *s, const herd_move *moves, size_t count, herd_cell c, int w,
                      int h, const int *linked)
{
    horses_view *v = s->vs;
    int y = BOARD_Y + c.row, x = BOARD_X + CELL_W * c.col;
    int mine = play_human_turn(s);
    herd_status st;
    herd_get_status(s->g, &st);
    int side = -1, number = 0;
    herd_horses_at(s->g, c, &side, &number);

    char left = ' ', right = ' ', mid = '.';
    int frame = 0, attr = A_DIM;
    /* The target corners, in the colour of the player who must reach them. */
    if (c.row == h - 1 && c.col == w - 1) {
        left = '[', right = ']';
        frame = COLOR_PAIR(PAIR_GREEN) | A_BOLD;
    } else if (c.row == 0 && c.col == 0) {
        left = '[', right = ']';
        frame = COLOR_PAIR(PAIR_RED) | A_BOLD;
    }
    if (side >= 0) {
        mid = (char)('0' + number % 10);
        attr = COLOR_PAIR(side == HERD_HORSES_GREEN ? PAIR_GREEN_BG : PAIR_RED_BG) | A_BOLD;
        if (mine && side == st.side && number == v->selected) {
            left = '(', right = ')';
            frame = COLOR_PAIR(PAIR_YELLOW) | A_BOLD;
            attr = COLOR_PAIR(PAIR_SELECTED) | A_BOLD;
        } else if (mine && side == st.side && !can_move(moves, count, c)) {
            if (!frame) { /* faded, with a dashed outline (a corner keeps its own) */
                left = ':', right = ':';
                frame = A_DIM;
            }
            attr = COLOR_PAIR(side == HERD_HORSES_GREEN ? PAIR_GREEN : PAIR_RED) | A_DIM;
        }
        if (mine && side == st.side && linked[number])
            attr |= A_UNDERLINE;
    }
    for (int i = 0; mine && i < v->ntargets; i++) {
        if (same_cell(v->targets[i], c)) {
            mid = (char)('a' + i);
            attr = COLOR_PAIR(PAIR_YELLOW) | A_BOLD | (i == v->hint ? A_REVERSE : 0);
            if (!frame) { /* a dotted circle */
                left = '.', right = '.';
                frame = COLOR_PAIR(PAIR_YELLOW);
            }
        }
    }
    mvaddch(y, x, (chtype)left | (chtype)frame);
    mvaddch(y, x + 1, (chtype)mid | (chtype)attr);
    mvaddch(y, x + 2, (chtype)right | (chtype)frame);
}

/* A progress bar: as many parts as a knight needs from a1 to the far
 * corner; the filled part is what the side's closest horse still needs. */
static void draw_bar(play_session *s, int side, int y, int x, int width)
{
    int distance = 0, parts = 1;
    herd_horses_progress(s->g, side, &distance, &parts);
    char who[16], label[64];
    play_side_title(s, side, who, sizeof who);
    int pair = side == HERD_HORSES_GREEN ? PAIR_GREEN : PAIR_RED;
    play_put(y, x, 6, COLOR_PAIR(pair) | A_BOLD, who);
    int seg = parts > 0 && (width - 22) / parts >= 2 ? 2 : 1;
    move(y, x + 6);
    addch('[');
    for (int i = 0; i < parts; i++)
        for (int k = 0; k < seg; k++)
            addch(i < distance
                      ? (chtype)' ' | COLOR_PAIR(pair == PAIR_GREEN ? PAIR_GREEN_BG : PAIR_RED_BG)
                      : (chtype)'.' | A_DIM);
    addch(']');
    snprintf(label, sizeof label, " %d of %d", distance, parts);
    addstr(label);
}

/* The connection lines of one side, as "1-2 1-5 ...", wrapped. */
static int draw_lines(play_session *s, int side, int y, int x, int width, int max_rows)
{
    herd_horses_line lines[HERD_HORSES_MAX_LINES];
    size_t count = 0;
    herd_horses_lines(s->g, side, lines, HERD_HORSES_MAX_LINES, &count);
    int pair = side == HERD_HORSES_GREEN ? PAIR_GREEN : PAIR_RED;
    int col = 0, rows = 1;
    char who[16];
    play_side_title(s, side, who, sizeof who);
    play_put(y, x, width, COLOR_PAIR(pair), who);
    col = 6;
    for (size_t i = 0; i < count; i++) {
        char text[8];
        snprintf(text, sizeof text, "%d-%d", lines[i].a % 10, lines[i].b % 10);
        int len = (int)strlen(text);
        if (col + len >= width) {
            if (rows == max_rows)
                break;
            rows++;
            col = 6;
        }
        play_put(y + rows - 1, x + col, len, COLOR_PAIR(pair), text);
        col += len + 1;
    }
    return rows;
}

static void horses_draw(play_session *s, int rows, int cols)
{
    int w, h, n;
    board_dims(s, &w, &h, &n);
    herd_move moves[HERD_HORSES_MAX_MOVES];
    size_t count = 0;
    herd_legal_moves(s->g, moves, HERD_HORSES_MAX_MOVES, &count);
    herd_status st;
    herd_get_status(s->g, &st);

    /* The horses joined to the selected one by a line. */
    horses_view *v = s->vs;
    int linked[HERD_HORSES_MAX_HORSES + 1] = {0};
    if (v->selected && st.result == HERD_ONGOING) {
        herd_horses_line lines[HERD_HORSES_MAX_LINES];
        size_t nl = 0;
        herd_horses_lines(s->g, st.side, lines, HERD_HORSES_MAX_LINES, &nl);
        for (size_t i = 0; i < nl; i++) {
            if (lines[i].a == v->selected)
                linked[lines[i].b] = 1;
            if (lines[i].b == v->selected)
                linked[lines[i].a] = 1;
        }
    }

    for (int c = 0; c < w; c++) {
        char num[16];
        snprintf(num, sizeof num, "%2d", c + 1);
        play_put(BOARD_Y - 1, BOARD_X + CELL_W * c, 2, A_DIM, num);
    }
    for (int r = 0; r < h; r++) {
        char letter[2] = {(char)('a' + r), '\0'};
        play_put(BOARD_Y + r, 0, 1, A_DIM, letter);
        for (int c = 0; c < w; c++)
            draw_cell(s, moves, count, (herd_cell){r, c}, w, h, linked);
    }

    int px = BOARD_X + CELL_W * w + 2, pw = cols - px;
    int y = BOARD_Y - 1;
    play_put(y++, px, pw, A_BOLD, "Progress (knight moves to go)");
    draw_bar(s, HERD_HORSES_GREEN, y++, px, pw);
    draw_bar(s, HERD_HORSES_RED, y++, px, pw);
    play_put(y++, px, pw, A_BOLD, "Lines (horses a knight's move apart)");
    y += draw_lines(s, HERD_HORSES_GREEN, y, px, pw, 2);
    y += draw_lines(s, HERD_HORSES_RED, y, px, pw, 2);
    y++;
    play_draw_log(s, y, px, rows - 3 - y, pw);
}

static int horses_key(play_session *s, int ch)
{
    horses_view *v = s->vs;
    if (ch >= '0' && ch <= '9') {
        int number = ch == '0' ? 10 : ch - '0';
        if (number == v->selected) {
            deselect(v);
            s->msg[0] = '\0';
        } else {
            select_horse(s, number);
        }
        return 1;
    }
    if (ch >= 'a' && ch <= 'z') {
        if (!v->selected) {
            play_say(s, 1, "Refused: select a horse first (its digit).");
        } else if (ch - 'a' >= v->ntargets) {
            play_say(s, 1, "Refused: horse %d has no target %c (only a..%c).", v->selected % 10, ch,
                     'a' + v->ntargets - 1);
        } else {
            play_target(s, ch - 'a');
        }
        return 1;
    }
    if (ch == '\n' || ch == '\r' || ch == KEY_ENTER) {
        if (v->selected && v->hint >= 0)
            play_target(s, v->hint);
        else
            play_say(s, 1, "Refused: press a horse's digit, then a target's letter.");
        return 1;
    }
    return 0;
}

static int horses_click(play_session *s, int y, int x)
{
    horses_view *v = s->vs;
    int w, h, n;
    board_dims(s, &w, &h, &n);
    if (y < BOARD_Y || x < BOARD_X)
        return 0;
    herd_cell c = {y - BOARD_Y, (x - BOARD_X) / CELL_W};
    if (c.row >= h || c.col >= w)
        return 0;
    for (int i = 0; i < v->ntargets; i++)
        if (same_cell(v->targets[i], c)) {
            play_target(s, i);
            return 1;
        }
    herd_status st;
    herd_get_status(s->g, &st);
    int side = -1, number = 0;
    herd_horses_at(s->g, c, &side, &number);
    if (side != st.side)
        return 0;
    return horses_key(s, '0' + number % 10);
}

static void horses_hint(play_session *s, herd_move m)
{
    horses_view *v = s->vs;
    herd_cell from, to;
    herd_horses_move_cells(m, &from, &to);
    int side, number;
    if (herd_horses_at(s->g, from, &side, &number) != HERD_OK || !select_horse(s, number))
        return;
    for (int i = 0; i < v->ntargets; i++)
        if (same_cell(v->targets[i], to))
            v->hint = i;
}

static void horses_changed(play_session *s)
{
    deselect(s->vs);
}

/* The library's moves-log line in the seed's wording: "3. Green moved horse
 * ⓪: a3 → b5." (circled digits and the arrow where the terminal takes UTF-8). */
static void horses_log_text(const play_session *s, size_t i, char *buf, size_t cap)
{
    char line[96];
    size_t len;
    if (herd_horses_history_line(s->g, i, line, sizeof line, &len) != HERD_OK) {
        snprintf(buf, cap, "%zu. ?", i + 1);
        return;
    }
    if (!s->utf8) {
        snprintf(buf, cap, "%s.", line);
        return;
    }
    static const char *const circled[10] = {"\u24ea", "\u2460", "\u2461", "\u2462", "\u2463",
                                            "\u2464", "\u2465", "\u2466", "\u2467", "\u2468"};
    char *horse = strstr(line, "horse ");
    char *arrow = strstr(line, " -> ");
    if (!horse || !arrow || horse[6] < '0' || horse[6] > '9' || horse[7] != ':') {
        snprintf(buf, cap, "%s.", line);
        return;
    }
    snprintf(buf, cap, "%.*s%s%.*s \u2192 %s.", (int)(horse + 6 - line), line,
             circled[horse[6] - '0'], (int)(arrow - horse - 7), horse + 7, arrow + 4);
}

const play_view play_horses_view = {
    .game = "horses",
    .side_pair = {PAIR_GREEN, PAIR_RED},
    .keys = "0-9 horse  a-h move it  click",
    .open = horses_open,
    .close = horses_close,
    .need = horses_need,
    .draw = horses_draw,
    .key = horses_key,
    .click = horses_click,
    .hint = horses_hint,
    .changed = horses_changed,
    .log_text = horses_log_text,
};
