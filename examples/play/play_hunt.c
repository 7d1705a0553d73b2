/* The hunt games, Hare and Hounds and Fox and Geese: their points joined by
 * lines, drawn from the library's lists of points and lines, with one way
 * of choosing a move. The person chooses a piece (cursor keys or a point's
 * name, then Enter or Space), its targets are marked, and chooses a target.
 * The fox's jump chain is chosen hop by hop: after a jump the next landings
 * are marked, and Enter on the fox stops the chain there (rules.md section
 * 4: the fox may stop after any hop); a hinted chain is shown the same way,
 * the fox at its end. What differs between the two games is a table
 * (hunt_rules) and the figures beside the board. */
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
#define MAX_HOPS HERD_FOX_MAX_HOPS
#define MAX_TARGETS 16 /* eight directions, a step or a jump each */

typedef struct hunt_rules {
    int rows, cols; /* the grid of names the points are on */
    int points, lines;
    int (*point)(int index, herd_cell *c);
    int (*line)(int index, herd_cell *a, herd_cell *b);
    int (*at)(const herd_game *g, herd_cell c, int *side);
    herd_move (*step)(herd_cell from, herd_cell to);
    /* NULL in a game without jumps. */
    herd_move (*jumps)(herd_cell from, const herd_cell *landings, int hops);
    char piece[2];       /* each side's letter on the board */
    const char *noun[2]; /* each side's piece, for messages */
    /* Draws the game's own figures from (y, x); returns the rows used. */
    int (*figures)(const play_session *s, int y, int x, int w);
} hunt_rules;

typedef struct hunt_view {
    const hunt_rules *rules;
    play_pick pick;
    play_choice choice;          /* the piece chosen */
    herd_cell landing[MAX_HOPS]; /* the fox's chain so far */
    int hops;
} hunt_view;

static const int dirs[8][2] = {{-1, 0}, {-1, 1}, {0, 1},  {1, 1},
                               {1, 0},  {1, -1}, {0, -1}, {-1, -1}};

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

/* Where the chosen piece stands in the chain being built. */
static herd_cell chain_end(const hunt_view *v)
{
    return v->hops ? v->landing[v->hops - 1] : v->choice.from;
}

static herd_cell offset(herd_cell c, int d, int times)
{
    return (herd_cell){(int8_t)(c.row + times * dirs[d][0]), (int8_t)(c.col + times * dirs[d][1])};
}

/* The action that takes the chosen piece one hop (or step) further, to
 * `to`: a jump when `to` is two points away in a line and the game has
 * jumps, else a step (only as the first hop). 0 when it is neither. */
static herd_move extend(const hunt_view *v, herd_cell to, int *jump)
{
    herd_cell at = chain_end(v);
    int dr = to.row - at.row, dc = to.col - at.col;
    *jump = v->rules->jumps && (dr == 0 || abs(dr) == 2) && (dc == 0 || abs(dc) == 2) &&
            (dr || dc) && v->hops < MAX_HOPS;
    if (*jump) {
        herd_cell landings[MAX_HOPS];
        memcpy(landings, v->landing, sizeof landings);
        landings[v->hops] = to;
        return v->rules->jumps(v->choice.from, landings, v->hops + 1);
    }
    return v->hops ? 0 : v->rules->step(v->choice.from, to);
}

/* The cells the chosen piece can go to next: its steps and first jumps,
 * or the next landings of a chain. Found with herd_is_legal(), which knows
 * every chain (the list of legal actions may hold only the first 1024). */
static size_t targets(const play_session *s, herd_cell *out)
{
    const hunt_view *v = s->vs;
    size_t n = 0;
    int jump;
    if (!v->choice.chosen)
        return 0;
    for (int d = 0; d < 8; d++)
        for (int times = 1; times <= (v->rules->jumps ? 2 : 1); times++) {
            herd_cell to = offset(chain_end(v), d, times);
            herd_move m = extend(v, to, &jump);
            if (m && herd_is_legal(s->g, m))
                out[n++] = to;
        }
    return n;
}

/* The text of the chain so far ("d4-d6"), to which a hop is added. */
static void chain_text(const hunt_view *v, char *buf, size_t cap)
{
    char name[PLAY_CELL_NAME_SIZE];
    snprintf(buf, cap, "%s", play_cell_name(v->choice.from, name, sizeof name));
    for (int i = 0; i < v->hops; i++) {
        size_t len = strlen(buf);
        snprintf(buf + len, cap - len, "-%s", play_cell_name(v->landing[i], name, sizeof name));
    }
}

/* The cells of the last action in the log ("d4-d6-f4"); 0 when none. */
static int last_action(const play_session *s, herd_cell *cells)
{
    if (!s->log_len)
        return 0;
    char text[HERD_MAX_MOVE_TEXT];
    return play_text_cells(play_move_text(s, s->log[s->log_len - 1].move, text, sizeof text), cells,
                           MAX_HOPS + 1);
}

/* Whether a chain (cells[0] the start) jumped over c. */
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

static int hunt_open(play_session *s, const hunt_rules *rules)
{
    hunt_view *v = calloc(1, sizeof *v);
    if (!v)
        return -1;
    v->rules = rules;
    s->vs = v;
    /* The cursor starts on a piece of the side to move (a position given
     * may have either side to move). */
    int side = play_side_to_act(s);
    herd_cell p;
    for (int i = 0; i < rules->points; i++)
        if (rules->point(i, &p) == HERD_OK && side_at(s, p) == (side < 0 ? 0 : side)) {
            v->pick.cursor = p;
            break;
        }
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
    herd_cell list[MAX_TARGETS], last[MAX_HOPS + 1];
    size_t n = play_human_turn(s) ? targets(s, list) : 0;
    int last_n = last_action(s, last);
    for (int i = 0; i < r->points; i++) {
        herd_cell p;
        if (r->point(i, &p) != HERD_OK)
            continue;
        int y = BOARD_Y + DY * p.row, x = BOARD_X + DX * p.col;
        int side = side_at(s, p);
        chtype ch = '.', attr = A_BOLD;
        if (v->choice.chosen && v->hops && play_same_cell(p, chain_end(v)))
            side = side_at(s, v->choice.from); /* the fox where its chain has taken it */
        else if (v->choice.chosen && v->hops && play_same_cell(p, v->choice.from))
            side = -1; /* the fox has left it for its chain */
        if (side >= 0) {
            ch = (chtype)r->piece[side];
            attr = A_BOLD | COLOR_PAIR(side == 0 ? PAIR_RED_BG : PAIR_BLUE_BG);
            if (last_n && play_same_cell(p, last[last_n - 1]))
                attr |= A_UNDERLINE; /* the piece that moved last */
        } else if (last_n && jumped_over(last, last_n, p)) {
            ch = 'x'; /* a goose captured by the last action */
            attr = A_DIM;
        } else if (last_n && play_same_cell(p, last[0])) {
            ch = 'o'; /* where the last move started */
            attr = A_DIM;
        }
        if (v->choice.chosen && v->hops) {
            herd_cell chain[MAX_HOPS + 1];
            chain[0] = v->choice.from;
            memcpy(chain + 1, v->landing, (size_t)v->hops * sizeof *chain);
            if (jumped_over(chain, v->hops + 1, p)) {
                ch = 'x'; /* captured by the chain being chosen */
                attr = A_BOLD | COLOR_PAIR(PAIR_YELLOW);
            }
        }
        if (play_cell_in(list, n, p)) {
            ch = '*';
            attr = A_BOLD | COLOR_PAIR(PAIR_YELLOW);
        }
        if (v->choice.chosen && play_same_cell(p, chain_end(v)))
            attr = A_BOLD | COLOR_PAIR(PAIR_SELECTED);
        mvaddch(y, x, ch | attr);
        if (play_human_turn(s) && play_same_cell(p, v->pick.cursor)) {
            mvaddch(y, x - 1, '[' | A_BOLD);
            mvaddch(y, x + 1, ']' | A_BOLD);
        }
    }
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
    if (s->log_len) {
        const play_entry *e = &s->log[s->log_len - 1];
        snprintf(line, sizeof line, "Last move: %s %s",
                 play_side_title(s, e->side, who, sizeof who),
                 play_move_text(s, e->move, text, sizeof text));
        play_put(y++, px, pw, A_DIM, line);
    }
    if (v->choice.chosen && v->hops) {
        chain_text(v, text, sizeof text);
        snprintf(line, sizeof line, "Chain: %s, %d taken", text, v->hops);
        play_put(y++, px, pw, A_BOLD | COLOR_PAIR(PAIR_YELLOW), line);
        play_put(y++, px, pw, 0, "Enter on the fox stops here;");
        play_put(y++, px, pw, 0, "Backspace takes back a hop.");
    }
    if (v->pick.typed[0]) {
        snprintf(line, sizeof line, "Point: %s_", v->pick.typed);
        play_put(y++, px, pw, A_BOLD, line);
    }
    y++;
    play_draw_log(s, y, px, rows - 3 - y, pw);
}

static void unselect(hunt_view *v)
{
    v->choice.chosen = 0;
    v->choice.hint = 0;
    v->hops = 0;
}

/* Enter or Space on a point. */
static void choose(play_session *s, herd_cell c)
{
    hunt_view *v = s->vs;
    const hunt_rules *r = v->rules;
    char name[PLAY_CELL_NAME_SIZE], text[HERD_MAX_MOVE_TEXT + 8];
    if (v->choice.hint && play_same_cell(c, v->choice.hint_at)) { /* the hint, chain or not */
        play_move(s, v->choice.hint);
        return;
    }
    if (v->hops && play_same_cell(c, chain_end(v))) { /* the fox stops here */
        play_move(s, r->jumps(v->choice.from, v->landing, v->hops));
        return;
    }
    if (!v->hops &&
        play_choose(s, &v->choice, c, side_at(s, c), r->noun[play_side_to_act(s)], targets))
        return;
    /* The action as text, so that a refusal gives the library's message. */
    herd_move m;
    chain_text(v, text, sizeof text);
    snprintf(text + strlen(text), sizeof text - strlen(text), "-%s",
             play_cell_name(c, name, sizeof name));
    if (herd_move_from_text(s->g, text, &m) != HERD_OK) {
        play_say(s, 1, "Refused: %s", herd_last_error(s->g));
        return;
    }
    int jump;
    if (extend(v, c, &jump) == m && jump && herd_is_legal(s->g, m)) {
        herd_cell list[MAX_TARGETS];
        v->landing[v->hops++] = c;
        if (targets(s, list) == 0) { /* the chain can go no further */
            play_move(s, m);
            return;
        }
        play_say(s, 0, "Jumped to %s: jump on, or Enter on the fox to stop here.", name);
        v->pick.cursor = c;
        return;
    }
    play_move(s, m); /* refused: the library says why, the choice stays */
}

static int hunt_key(play_session *s, int ch)
{
    hunt_view *v = s->vs;
    herd_cell c;
    if (play_is_backspace(ch) && !v->pick.typed[0]) {
        if (v->hops) {
            v->hops--; /* takes back the chain's last hop */
            v->pick.cursor = chain_end(v);
            s->msg[0] = '\0'; /* "Jumped to ..." no longer holds */
        } else {
            unselect(v);
        }
        v->choice.hint = 0;
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

static void hunt_hint(play_session *s, herd_move m)
{
    hunt_view *v = s->vs;
    herd_cell cells[MAX_HOPS + 1];
    char text[HERD_MAX_MOVE_TEXT];
    int n = play_text_cells(play_move_text(s, m, text, sizeof text), cells, MAX_HOPS + 1);
    unselect(v);
    if (n < 2)
        return;
    play_choose_hint(&v->choice, &v->pick, m, cells[0], cells[n - 1]);
    if (n > 2) /* a chain: drawn as when chosen hop by hop, the fox at its end */
        for (int i = 1; i < n; i++)
            v->landing[v->hops++] = cells[i];
}

static void hunt_changed(play_session *s)
{
    hunt_view *v = s->vs;
    unselect(v);
    v->pick.typed[0] = '\0';
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
    .step = herd_hare_move,
    .jumps = NULL,
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
    .step = herd_fox_step,
    .jumps = herd_fox_jumps,
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
    .keys = "arrows/point, Enter pick & move",
    .open = fox_open,
    .close = hunt_close,
    .need = hunt_need,
    .draw = hunt_draw,
    .key = hunt_key,
    .click = hunt_click,
    .hint = hunt_hint,
    .changed = hunt_changed,
};
