/* The hunt games, Hare and Hounds and Fox and Geese: their points joined by
 * lines, drawn from the library's lists of points and lines, with one way
 * of choosing a move. The person chooses a piece (cursor keys or a point's
 * name, then Enter or Space), its targets are marked, and chooses a target;
 * the targets are the library's legal actions from that piece. Every hop of
 * the fox's jump chain is an action of its own, played at once: while the
 * fox is in a chain (docs/fox.md) it stays chosen with its further
 * jumps marked, Enter on it or S plays `stop`, and Backspace takes back the
 * chain's last hop (the library's undo). What differs between the two games
 * is a table (hunt_rules) and the figures beside the board. */
#include <curses.h>
#include <stdlib.h>
#include <string.h>

#include <herd/fox.h>
#include <herd/hare.h>

#include "play.h"

#define BOARD_X 3    /* the screen column of column 1 */
#define BOARD_Y 2    /* the screen row of row a */
#define DX 4         /* screen columns from a point to the next */
#define DY 2         /* screen rows from a point to the next */
#define PANEL_MIN 38 /* the longest line: "Geese step up, diagonally up, sideways" */
/* The cells of one turn: its start and a landing per hop, and each hop
 * takes a goose. */
#define MAX_PATH (HERD_FOX_MAX_GEESE + 1)

typedef struct hunt_rules {
    int rows, cols; /* the grid of names the points are on */
    int points, lines;
    int (*point)(int index, herd_cell *c);
    int (*line)(int index, herd_cell *a, herd_cell *b);
    int (*at)(const herd_game *g, herd_cell c, int *side);
    /* 1 with the piece's cell when a piece is in a jump chain (it alone
     * acts: it jumps on or stops), else 0. NULL in a game without chains. */
    int (*chain)(const herd_game *g, herd_cell *piece);
    herd_move (*stop)(void); /* the action that ends a chain */
    char piece[2];           /* each side's letter on the board */
    const char *noun[2];     /* each side's piece, for messages */
    /* Draws the game's own figures from (y, x); returns the rows used. */
    int (*figures)(const play_session *s, int y, int x, int w);
} hunt_rules;

typedef struct hunt_view {
    const hunt_rules *rules;
    play_pick pick;
    play_choice choice; /* the piece chosen */
} hunt_view;

static int is_point(const play_session *s, herd_cell c)
{
    const hunt_rules *r = ((const hunt_view *)s->vs)->rules;
    herd_cell p;
    for (int i = 0; i < r->points; i++)
        if (r->point(i, &p) == HERD_OK && play_same_cell(p, c))
            return 1;
    return 0;
}

static int side_at(const play_session *s, herd_cell c)
{
    int side = -1;
    ((const hunt_view *)s->vs)->rules->at(s->g, c, &side);
    return side;
}

/* Whether a piece is in a jump chain now, and where. */
static int in_chain(const play_session *s, herd_cell *piece)
{
    const hunt_rules *r = ((const hunt_view *)s->vs)->rules;
    return r->chain && r->chain(s->g, piece);
}

/* The cells the chosen piece can go to: the second cell of every legal
 * action that starts on it (`stop` names no cells). */
static size_t targets(const play_session *s, herd_cell *out)
{
    const hunt_view *v = s->vs;
    herd_move moves[HERD_MAX_MOVES];
    char text[HERD_MAX_MOVE_TEXT];
    if (!v->choice.chosen)
        return 0;
    size_t count = play_legal(s, moves), n = 0;
    for (size_t i = 0; i < count; i++) {
        herd_cell cells[2];
        if (play_text_cells(play_move_text(s, moves[i], text, sizeof text), cells, 2) == 2 &&
            play_same_cell(cells[0], v->choice.from))
            out[n++] = cells[1];
    }
    return n;
}

/* The log index where the last turn begins: the run of actions at the end
 * of the log that one side played (a jump chain's hops and its `stop`). */
static size_t turn_start(const play_session *s)
{
    size_t i = play_log_len(s);
    while (i > 0 && play_log_at(s, i - 1).side == play_log_at(s, play_log_len(s) - 1).side)
        i--;
    return i;
}

/* The way the last turn went (the start, then where each action landed);
 * 0 when the log is empty. */
static int last_turn(const play_session *s, herd_cell *path)
{
    char text[HERD_MAX_MOVE_TEXT];
    int n = 0;
    for (size_t i = turn_start(s); i < play_log_len(s) && n < MAX_PATH; i++) {
        herd_cell cells[2];
        if (play_text_cells(play_move_text(s, play_log_at(s, i).move, text, sizeof text), cells,
                            2) != 2)
            continue;
        if (n == 0)
            path[n++] = cells[0];
        path[n++] = cells[1];
    }
    return n;
}

/* Whether a path of hops jumped over c. */
static int jumped_over(const herd_cell *cells, int n, herd_cell c)
{
    for (int i = 1; i < n; i++) {
        int dr = cells[i].row - cells[i - 1].row, dc = cells[i].col - cells[i - 1].col;
        if ((abs(dr) == 2 || abs(dc) == 2) && cells[i - 1].row + dr / 2 == c.row &&
            cells[i - 1].col + dc / 2 == c.col)
            return 1;
    }
    return 0;
}

/* No piece chosen, no hint; but a piece in a chain stays chosen, since it
 * alone may act. */
static void reset_choice(play_session *s)
{
    hunt_view *v = s->vs;
    herd_cell piece;
    v->choice.hint = 0;
    v->choice.chosen = in_chain(s, &piece);
    if (v->choice.chosen)
        v->choice.from = piece;
}

static int hunt_open(play_session *s, const hunt_rules *rules)
{
    hunt_view *v = calloc(1, sizeof *v);
    if (!v)
        return -1;
    v->rules = rules;
    s->vs = v;
    /* The cursor starts on a piece of the side to move (a position given
     * may have either side to move, or the fox in a chain). */
    int side = play_side_to_act(s);
    herd_cell p;
    for (int i = 0; i < rules->points; i++)
        if (rules->point(i, &p) == HERD_OK && side_at(s, p) == (side < 0 ? 0 : side)) {
            v->pick.cursor = p;
            break;
        }
    reset_choice(s);
    if (v->choice.chosen)
        v->pick.cursor = v->choice.from;
    return 0;
}

static void hunt_close(play_session *s)
{
    free(s->vs);
    s->vs = NULL;
}

/* The screen column where the panel beside the board starts. */
static int panel_x(const hunt_rules *r)
{
    return BOARD_X + DX * (r->cols - 1) + 4;
}

static void hunt_need(const play_session *s, int *rows, int *cols)
{
    const hunt_rules *r = ((const hunt_view *)s->vs)->rules;
    int board_rows = BOARD_Y + DY * (r->rows - 1) + 1 + 3;
    *rows = board_rows < 24 ? 24 : board_rows;
    *cols = panel_x(r) + PANEL_MIN;
}

/* The lines between the points: '-' '|' '\' '/' and 'X' where two
 * diagonals cross, in a grid of the screen cells between the points. */
static void draw_lines(const play_session *s)
{
    const hunt_rules *r = ((const hunt_view *)s->vs)->rules;
    int h = DY * (r->rows - 1) + 1, w = DX * (r->cols - 1) + 1;
    char grid[DY * 8 + 1][DX * 8 + 1];
    memset(grid, ' ', sizeof grid);
    for (int i = 0; i < r->lines; i++) {
        herd_cell a, b;
        if (r->line(i, &a, &b) != HERD_OK)
            continue;
        int dr = b.row - a.row, dc = b.col - a.col, y = DY * a.row, x = DX * a.col;
        if (dr == 0) {
            for (int k = 1; k < DX; k++)
                grid[y][x + k * dc] = '-';
        } else if (dc == 0) {
            grid[y + 1][x] = '|';
        } else {
            char *mid = &grid[y + 1][x + dc * DX / 2];
            char mark = dc > 0 ? '\\' : '/';
            *mid = *mid != ' ' && *mid != mark ? 'X' : mark;
        }
    }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            char ch = grid[y][x];
            if (ch == ' ')
                continue;
            const char *glyph = NULL;
            if (s->utf8)
                glyph = ch == '-'    ? "\u2500"
                        : ch == '|'  ? "\u2502"
                        : ch == '\\' ? "\u2572"
                        : ch == '/'  ? "\u2571"
                                     : "\u2573";
            attron(A_DIM);
            if (glyph)
                mvaddstr(BOARD_Y + y, BOARD_X + x, glyph);
            else
                mvaddch(BOARD_Y + y, BOARD_X + x, (chtype)ch);
            attroff(A_DIM);
        }
}

static void draw_points(play_session *s)
{
    hunt_view *v = s->vs;
    const hunt_rules *r = v->rules;
    herd_cell list[HERD_MAX_MOVES], path[MAX_PATH], piece;
    size_t n = play_human_turn(s) ? targets(s, list) : 0;
    int path_n = last_turn(s, path);
    /* In a chain the last turn is the chain so far: its captures stand out. */
    chtype taken_attr = in_chain(s, &piece) ? A_BOLD | COLOR_PAIR(PAIR_YELLOW) : A_DIM;
    for (int i = 0; i < r->points; i++) {
        herd_cell p;
        if (r->point(i, &p) != HERD_OK)
            continue;
        int y = BOARD_Y + DY * p.row, x = BOARD_X + DX * p.col;
        int side = side_at(s, p);
        chtype ch = '.', attr = A_BOLD;
        if (side >= 0) {
            ch = (chtype)r->piece[side];
            attr = A_BOLD | COLOR_PAIR(side == 0 ? PAIR_RED_BG : PAIR_BLUE_BG);
            if (path_n && play_same_cell(p, path[path_n - 1]))
                attr |= A_UNDERLINE; /* the piece that moved last */
        } else if (path_n && jumped_over(path, path_n, p)) {
            ch = 'x'; /* a goose captured in the last turn */
            attr = taken_attr;
        } else if (path_n && play_same_cell(p, path[0])) {
            ch = 'o'; /* where the last turn started */
            attr = A_DIM;
        }
        if (play_cell_in(list, n, p)) {
            ch = '*';
            attr = A_BOLD | COLOR_PAIR(PAIR_YELLOW);
        }
        if (v->choice.chosen && play_same_cell(p, v->choice.from))
            attr = A_BOLD | COLOR_PAIR(PAIR_SELECTED);
        mvaddch(y, x, ch | attr);
        if (play_human_turn(s) && play_same_cell(p, v->pick.cursor)) {
            mvaddch(y, x - 1, '[' | A_BOLD);
            mvaddch(y, x + 1, ']' | A_BOLD);
        }
    }
}

/* The panel's lines for a piece in a jump chain: the state, the hops of
 * this turn as the library's actions, and how to go on. */
static int draw_chain(const play_session *s, int y, int x, int w)
{
    const hunt_rules *r = ((const hunt_view *)s->vs)->rules;
    herd_cell piece;
    if (!in_chain(s, &piece))
        return 0;
    char line[200], hops[160] = "", text[HERD_MAX_MOVE_TEXT], who[32];
    int side = play_side_to_act(s), taken = 0, rows = 0;
    snprintf(line, sizeof line, "%s in a chain: jump on or stop",
             play_side_title(s, side, who, sizeof who));
    play_put(y + rows++, x, w, A_BOLD | COLOR_PAIR(PAIR_YELLOW), line);
    for (size_t i = turn_start(s); i < play_log_len(s); i++, taken++) {
        size_t len = strlen(hops);
        snprintf(hops + len, sizeof hops - len, "%s%s", len ? " " : "",
                 play_move_text(s, play_log_at(s, i).move, text, sizeof text));
    }
    if (taken) {
        snprintf(line, sizeof line, "Hops: %s, %d taken", hops, taken);
        play_put(y + rows++, x, w, 0, line);
    }
    if (play_human_turn(s)) {
        snprintf(line, sizeof line, "Enter on the %s or S stops;", r->noun[side]);
        play_put(y + rows++, x, w, 0, line);
        play_put(y + rows++, x, w, 0, "Backspace takes back a hop.");
    }
    return rows;
}

static void hunt_draw(play_session *s, int rows, int cols)
{
    hunt_view *v = s->vs;
    const hunt_rules *r = v->rules;
    play_grid_labels(r->rows, r->cols, BOARD_Y, BOARD_X, DY, DX);
    draw_lines(s);
    draw_points(s);

    int px = panel_x(r), pw = cols - px, y = BOARD_Y - 1;
    char line[200], who[32], text[HERD_MAX_MOVE_TEXT];
    for (int side = 0; side < 2; side++) {
        char piece[2] = {r->piece[side], '\0'};
        play_put(y, px + 14 * side, 1, A_BOLD | COLOR_PAIR(side == 0 ? PAIR_RED_BG : PAIR_BLUE_BG),
                 piece);
        play_put(y, px + 14 * side + 2, 11, 0, play_side_title(s, side, who, sizeof who));
    }
    y += 2;
    y += r->figures(s, y, px, pw);
    if (play_log_len(s)) {
        play_entry last = play_log_at(s, play_log_len(s) - 1), *e = &last;
        snprintf(line, sizeof line, "Last move: %s %s",
                 play_side_title(s, e->side, who, sizeof who),
                 play_move_text(s, e->move, text, sizeof text));
        play_put(y++, px, pw, A_DIM, line);
    }
    y += draw_chain(s, y, px, pw);
    if (v->pick.typed[0]) {
        snprintf(line, sizeof line, "Point: %s_", v->pick.typed);
        play_put(y++, px, pw, A_BOLD, line);
    }
    y++;
    play_draw_log(s, y, px, rows - 3 - y, pw);
}

/* Enter or Space on a point. */
static void choose(play_session *s, herd_cell c)
{
    hunt_view *v = s->vs;
    const hunt_rules *r = v->rules;
    herd_cell piece;
    if (in_chain(s, &piece) && play_same_cell(c, piece)) { /* the chain stops here */
        play_move(s, r->stop());
        return;
    }
    if (play_choose(s, &v->choice, c, side_at(s, c), r->noun[play_side_to_act(s)], targets))
        return;
    play_choice_move(s, &v->choice, c); /* refused: the library says why, the choice stays */
}

/* Backspace in a chain: the library takes back the last hop, and the piece
 * stays chosen where it was before it. */
static void take_back_hop(play_session *s)
{
    hunt_view *v = s->vs;
    herd_cell cells[2];
    char text[HERD_MAX_MOVE_TEXT];
    if (!play_log_len(s) ||
        play_text_cells(
            play_move_text(s, play_log_at(s, play_log_len(s) - 1).move, text, sizeof text), cells,
            2) != 2 ||
        play_undo(s) != HERD_OK) {
        play_say(s, 1, "Refused: the chain began before this game's moves; S stops it.");
        return;
    }
    v->choice.chosen = 1;
    v->choice.from = v->pick.cursor = cells[0];
    play_say(s, 0, "Took back %s.", text);
}

static int hunt_key(play_session *s, int ch)
{
    hunt_view *v = s->vs;
    herd_cell c, piece;
    if (play_is_backspace(ch) && !v->pick.typed[0]) {
        if (in_chain(s, &piece))
            take_back_hop(s);
        else
            reset_choice(s);
        return 1;
    }
    if (ch == 'S' && v->rules->stop) {
        play_move(s, v->rules->stop()); /* out of a chain the library says why not */
        return 1;
    }
    herd_cell before = v->pick.cursor;
    int got = play_pick_key(s, &v->pick, ch, v->rules->rows, v->rules->cols, is_point, &c);
    if (got == PICK_NONE)
        return 0;
    if (got == PICK_CHOSEN)
        choose(s, c);
    else if (!play_same_cell(before, v->pick.cursor))
        v->choice.hint = 0;
    return 1;
}

static int hunt_click(play_session *s, int y, int x)
{
    hunt_view *v = s->vs;
    if ((y - BOARD_Y) % DY || (x - BOARD_X + 1) < 0)
        return 0;
    herd_cell c = {(int8_t)((y - BOARD_Y) / DY), (int8_t)((x - BOARD_X + 1) / DX)};
    if (y < BOARD_Y || c.row >= v->rules->rows || c.col >= v->rules->cols || !is_point(s, c) ||
        abs(x - (BOARD_X + DX * c.col)) > 1)
        return 0;
    v->pick.cursor = c;
    choose(s, c);
    return 1;
}

/* A hint is one action: a step or a hop drawn as a chosen piece and its
 * target, or `stop` with the cursor on the piece in its chain. */
static void hunt_hint(play_session *s, herd_move m)
{
    hunt_view *v = s->vs;
    herd_cell cells[2], piece;
    char text[HERD_MAX_MOVE_TEXT];
    reset_choice(s);
    if (v->rules->stop && m == v->rules->stop() && in_chain(s, &piece))
        play_choose_hint(&v->choice, &v->pick, m, piece, piece);
    else if (play_text_cells(play_move_text(s, m, text, sizeof text), cells, 2) == 2)
        play_choose_hint(&v->choice, &v->pick, m, cells[0], cells[1]);
}

static void hunt_changed(play_session *s)
{
    hunt_view *v = s->vs;
    herd_cell piece;
    reset_choice(s);
    v->pick.typed[0] = '\0';
    if (play_human_turn(s) && in_chain(s, &piece))
        v->pick.cursor = piece; /* where the piece that acts now stands */
}

/* -------------------------------------------------------- Hare and Hounds */

static int hare_at(const herd_game *g, herd_cell c, int *side)
{
    return herd_hare_at(g, c, side);
}

static int hare_figures(const play_session *s, int y, int x, int w)
{
    int stall = 0;
    char line[120];
    herd_hare_stall(s->g, &stall);
    snprintf(line, sizeof line, "Stall count: %d of %d", stall, HERD_HARE_STALL_LIMIT);
    play_put(y, x, w, A_BOLD, line);
    if (play_side_to_act(s) < 0)
        return 4; /* the game is over: no countdown */
    snprintf(line, sizeof line, "The hare wins by stalling in %d", HERD_HARE_STALL_LIMIT - stall);
    play_put(y + 1, x, w, 0, line);
    play_put(y + 2, x, w, A_DIM, "hound moves unless one goes up.");
    return 4;
}

static const hunt_rules hare_rules = {
    .rows = 5,
    .cols = 3,
    .points = HERD_HARE_POINTS,
    .lines = HERD_HARE_LINES,
    .point = herd_hare_point,
    .line = herd_hare_line,
    .at = hare_at,
    .piece = {'H', '@'},
    .noun = {"hound", "hare"},
    .figures = hare_figures,
};

static int hare_open(play_session *s)
{
    return hunt_open(s, &hare_rules);
}

const play_view play_hare_view = {
    .game = "hare",
    .side_pair = {PAIR_RED, PAIR_BLUE},
    .keys = "arrows/point, Enter pick & move",
    .open = hare_open,
    .close = hunt_close,
    .need = hunt_need,
    .draw = hunt_draw,
    .key = hunt_key,
    .click = hunt_click,
    .hint = hunt_hint,
    .changed = hunt_changed,
};

/* ---------------------------------------------------------- Fox and Geese */

static int fox_at(const herd_game *g, herd_cell c, int *side)
{
    return herd_fox_at(g, c, side);
}

static int fox_chain(const herd_game *g, herd_cell *fox)
{
    int chain = 0;
    return herd_fox_in_chain(g, &chain) == HERD_OK && chain && herd_fox_locate(g, fox) == HERD_OK;
}

static int fox_figures(const play_session *s, int y, int x, int w)
{
    int geese = 0, sideways = 0;
    char line[120];
    herd_fox_geese_left(s->g, &geese);
    herd_fox_sideways(s->g, &sideways);
    snprintf(line, sizeof line, "Geese left: %d", geese);
    play_put(y, x, w, A_BOLD, line);
    int needed = geese - (HERD_FOX_GEESE_TO_WIN - 1);
    snprintf(line, sizeof line, "The fox wins with %d more capture%s", needed > 0 ? needed : 0,
             needed == 1 ? "" : "s");
    play_put(y + 1, x, w, 0, line);
    play_put(y + 2, x, w, A_DIM,
             sideways ? "Geese step up, diagonally up, sideways"
                      : "Geese step up or diagonally up");
    return 4;
}

static const hunt_rules fox_rules = {
    .rows = 7,
    .cols = 7,
    .points = HERD_FOX_POINTS,
    .lines = HERD_FOX_LINES,
    .point = herd_fox_point,
    .line = herd_fox_line,
    .at = fox_at,
    .chain = fox_chain,
    .stop = herd_fox_stop,
    .piece = {'F', 'G'},
    .noun = {"fox", "goose"},
    .figures = fox_figures,
};

static int fox_open(play_session *s)
{
    return hunt_open(s, &fox_rules);
}

const play_view play_fox_view = {
    .game = "fox",
    .side_pair = {PAIR_RED, PAIR_BLUE},
    .keys = "arrows, Enter pick & move, S stop",
    .open = fox_open,
    .close = hunt_close,
    .need = hunt_need,
    .draw = hunt_draw,
    .key = hunt_key,
    .click = hunt_click,
    .hint = hunt_hint,
    .changed = hunt_changed,
};
