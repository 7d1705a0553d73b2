/* herd-play: plays the games of libherd in a terminal, against a friend on
 * the same screen or against the computer (play.h describes the parts).
 *
 * Usage: herd-play [GAME] [KEY=VALUE ...] [--players=one|two|watch]
 *                  [--side=1|2] [--level=N] [--position=TEXT] [--plain]
 *        herd-play --help | --version */
#include <curses.h>
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "play.h"

#define PLAY_VERSION "0.1"
#define MAX_OPTIONS 4
#define VALUE_SIZE 40

/* ------------------------------------------------------------ the games */

/* An option of a game's `new` command (protocol.md), as the setup shows it. */
typedef struct play_option {
    const char *key;
    const char *label;
    const char *dflt;
} play_option;

typedef struct play_game {
    const char *name;
    const char *title;
    play_option options[MAX_OPTIONS];
    const play_view *view; /* NULL: the generic view */
} play_game;

static const play_game games[] = {
    {"horses",
     "Herd of Horses",
     {{"w", "Board width", "8"},
      {"h", "Board height", "8"},
      {"n", "Horses a side", "6"},
      {"seed", "Seed", "0"}},
     &play_horses_view},
    {"hex",
     "Herd on a hexhex board",
     {{"size", "Board side", "5"}, {"seed", "Seed", "0"}},
     &play_hex_view},
    {"hare",
     "Hare and Hounds",
     {{"start", "Hare starts on (empty: a2)", ""}, {"seed", "Seed", "0"}},
     &play_hare_view},
    {"fox",
     "Fox and Geese",
     {{"geese", "Geese", "13"},
      {"sideways", "Geese step sideways (1 yes)", "0"},
      {"seed", "Seed", "0"}},
     &play_fox_view},
    {"flock",
     "Flock",
     {{"w", "Board width", "7"}, {"h", "Board height", "7"}, {"seed", "Seed", "0"}},
     &play_flock_view},
};
#define GAME_COUNT (sizeof games / sizeof games[0])

static size_t option_count(const play_game *game)
{
    size_t n = 0;
    while (n < MAX_OPTIONS && game->options[n].key)
        n++;
    return n;
}

/* What the setup screen shows: the values a game starts with. */
typedef struct play_config {
    size_t game;
    char value[MAX_OPTIONS][VALUE_SIZE];
    int players;
    int human_side;
    int level;
    int plain;            /* the generic view for every game */
    const char *position; /* a position text to start from, or NULL */
} play_config;

static void config_defaults(play_config *c)
{
    const play_game *game = &games[c->game];
    for (size_t i = 0; i < MAX_OPTIONS; i++)
        snprintf(c->value[i], VALUE_SIZE, "%s", game->options[i].dflt ? game->options[i].dflt : "");
}

/* Creates the game that the configuration describes; on failure `msg`
 * gets the library's message. */
static int config_create(const play_config *c, herd_game **out, char *msg, size_t cap)
{
    const play_game *game = &games[c->game];
    char options[MAX_OPTIONS * (VALUE_SIZE + 16)] = "";
    size_t used = 0;
    if (!c->position) {
        for (size_t i = 0; i < option_count(game); i++) {
            if (!c->value[i][0])
                continue; /* empty: the game's default */
            int n = snprintf(options + used, sizeof options - used, "%s%s=%s", used ? " " : "",
                             game->options[i].key, c->value[i]);
            if (n > 0)
                used += (size_t)n;
        }
    }
    herd_error err;
    herd_game *g = NULL;
    int rc = herd_new(&g, game->name, options, NULL, NULL, &err);
    if (rc != HERD_OK) {
        if (rc == HERD_E_UNKNOWN && strstr(err.message, game->name))
            snprintf(msg, cap, "%s is not in this libherd (%s)", game->name, herd_version_string());
        else
            snprintf(msg, cap, "%s", err.message);
        return rc;
    }
    if (c->position && (rc = herd_position_from_text(g, c->position)) != HERD_OK) {
        snprintf(msg, cap, "position: %s", herd_last_error(g));
        herd_free(g);
        return rc;
    }
    *out = g;
    return HERD_OK;
}

/* ------------------------------------------------------- drawing helpers */

void play_put(int y, int x, int width, int attr, const char *text)
{
    if (width <= 0 || y < 0 || y >= LINES || x >= COLS)
        return;
    attron(attr);
    mvaddnstr(y, x, text, width);
    attroff(attr);
}

const char *play_side_title(const play_session *s, int side, char *buf, size_t cap)
{
    const char *name = herd_side_name(s->g, side);
    snprintf(buf, cap, "%s", name ? name : "?");
    if (buf[0] >= 'a' && buf[0] <= 'z')
        buf[0] = (char)(buf[0] - 'a' + 'A');
    return buf;
}

const char *play_move_text(const play_session *s, herd_move m, char *buf, size_t cap)
{
    size_t len;
    if (herd_move_to_text(s->g, m, buf, cap, &len) != HERD_OK)
        snprintf(buf, cap, "?");
    return buf;
}

void play_say(play_session *s, int error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->msg, sizeof s->msg, fmt, ap);
    va_end(ap);
    s->msg_error = error;
}

size_t play_legal(const play_session *s, herd_move *buf)
{
    size_t count = 0;
    if (herd_legal_moves(s->g, buf, HERD_MAX_MOVES, &count) != HERD_OK)
        return 0;
    return count;
}

static int side_attr(const play_session *s, int side)
{
    if (side < 0 || side > 1 || !has_colors() || !s->view->side_pair[side])
        return A_BOLD;
    return A_BOLD | COLOR_PAIR(s->view->side_pair[side]);
}

/* The columns a UTF-8 text takes (one per character). */
static int text_width(const char *text)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

void play_draw_log(const play_session *s, int y, int x, int h, int w)
{
    if (h < 3 || w < 10)
        return;
    play_put(y, x, w, A_BOLD, "Moves, newest first");
    for (int row = 1; row < h && (size_t)row <= s->log_len; row++) {
        const play_entry *e = &s->log[s->log_len - (size_t)row];
        int len = text_width(e->text);
        int at = x;
        if (e->side == 1 && len < w)
            at = x + w - len;                       /* the second side's moves at the right */
        int bytes = w + (int)strlen(e->text) - len; /* the cut counts bytes */
        play_put(y + row, at, bytes, e->side >= 0 ? side_attr(s, e->side) & ~A_BOLD : 0, e->text);
    }
}

/* -------------------------------------------------------- the game loop */

static int is_over(const play_session *s)
{
    herd_status st;
    return herd_get_status(s->g, &st) != HERD_OK || st.result != HERD_ONGOING;
}

int play_side_to_act(const play_session *s)
{
    herd_status st;
    if (herd_get_status(s->g, &st) != HERD_OK || st.result != HERD_ONGOING)
        return -1;
    return st.side;
}

static int is_human(const play_session *s, int side)
{
    return s->players == PLAY_TWO || (s->players == PLAY_ONE && side == s->human_side);
}

int play_human_turn(const play_session *s)
{
    int side = play_side_to_act(s);
    return side >= 0 && !herd_is_chance(s->g) && is_human(s, side);
}

static void log_push(play_session *s, herd_move m, int side, int chance)
{
    if (s->log_len == s->log_cap) {
        size_t cap = s->log_cap ? 2 * s->log_cap : 64;
        play_entry *grown = realloc(s->log, cap * sizeof *grown);
        if (!grown)
            return; /* the log stops; the game goes on */
        s->log = grown;
        s->log_cap = cap;
    }
    play_entry *e = &s->log[s->log_len++];
    e->move = m;
    e->side = side;
    e->chance = chance;
    unsigned number = (unsigned)s->log_len;
    if (s->view->log_text) {
        s->view->log_text(s, number, m, side, e->text, sizeof e->text);
    } else {
        char who[32], act[HERD_MAX_MOVE_TEXT];
        snprintf(e->text, sizeof e->text, "%u. %s: %s", number,
                 play_side_title(s, side, who, sizeof who), play_move_text(s, m, act, sizeof act));
    }
}

static void position_changed(play_session *s)
{
    if (s->view->changed)
        s->view->changed(s);
}

int play_move(play_session *s, herd_move m)
{
    int side = play_side_to_act(s);
    int rc = herd_apply(s->g, m);
    if (rc != HERD_OK) {
        const char *why = herd_last_error(s->g);
        play_say(s, 1, "Refused: %s", *why ? why : herd_strerror(rc));
        return rc;
    }
    log_push(s, m, side, 0);
    s->msg[0] = '\0';
    position_changed(s);
    return HERD_OK;
}

int play_text_move(play_session *s, const char *text)
{
    herd_move m;
    int rc = herd_move_from_text(s->g, text, &m);
    if (rc != HERD_OK) {
        play_say(s, 1, "Refused: %s", herd_last_error(s->g));
        return rc;
    }
    return play_move(s, m);
}

int play_undo(play_session *s)
{
    if (s->log_len != herd_history_length(s->g))
        return HERD_E_STATE; /* the log could not follow: it would go wrong */
    int rc = herd_undo(s->g);
    if (rc != HERD_OK)
        return rc;
    s->log_len--;
    position_changed(s);
    return HERD_OK;
}

/* Undo: the library takes back the turn of the side that Undo belongs to
 * (the person's against the computer; with two players, the side that
 * decided last) and the computer's reply; the log keeps the history's
 * length. */
static int play_undo_turn(play_session *s)
{
    int side = s->human_side;
    if (s->log_len != herd_history_length(s->g))
        return HERD_E_STATE; /* the log could not follow: it would go wrong */
    if (s->players == PLAY_TWO) {
        side = -1;
        for (size_t i = s->log_len; i-- > 0 && side < 0;)
            if (!s->log[i].chance)
                side = s->log[i].side;
        if (side < 0)
            return HERD_E_STATE;
    }
    int rc = herd_undo_turn(s->g, side);
    if (rc == HERD_OK)
        s->log_len = herd_history_length(s->g);
    return rc;
}

/* Lets the computer act, or rolls the dice. Returns 0 when nothing was to do.
 * One action at a time: a side that keeps the turn (placements in hex, the
 * fox in a jump chain) acts again on the loop's next pass. */
static int computer_step(play_session *s)
{
    int side = play_side_to_act(s);
    if (side < 0)
        return 0;
    char who[32], act[HERD_MAX_MOVE_TEXT];
    herd_move m;
    int rc;
    if (herd_is_chance(s->g)) {
        rc = herd_roll(s->g, &m);
        if (rc == HERD_OK) {
            log_push(s, m, side, 1);
            play_say(s, 0, "%s rolled %s", play_side_title(s, side, who, sizeof who),
                     play_move_text(s, m, act, sizeof act));
        }
    } else if (!is_human(s, side)) {
        rc = herd_play_genmove(s->g, s->level, &m);
        if (rc == HERD_OK) {
            log_push(s, m, side, 0);
            play_say(s, 0, "%s (computer) played %s", play_side_title(s, side, who, sizeof who),
                     play_move_text(s, m, act, sizeof act));
        }
    } else {
        return 0;
    }
    if (rc != HERD_OK) {
        play_say(s, 1, "The computer failed: %s", herd_last_error(s->g));
        return 0;
    }
    position_changed(s);
    return 1;
}

static const char *reason_text(herd_reason r)
{
    switch (r) {
    case HERD_REASON_CORNER:
        return "a horse reached its target corner";
    case HERD_REASON_NO_MOVES:
        return "the other side had no legal move";
    case HERD_REASON_FULL:
        return "the board is full and it has more stones";
    case HERD_REASON_ESCAPED:
        return "the hare got past the hounds";
    case HERD_REASON_STALLING:
        return "the hounds stalled for ten moves";
    case HERD_REASON_TRAPPED:
        return "the other side is trapped";
    case HERD_REASON_CAPTURED:
        return "it captured enough";
    case HERD_REASON_MOVE_LIMIT:
        return "the move limit was reached";
    default:
        return "";
    }
}

static void draw_top(play_session *s)
{
    herd_status st;
    char who[32], line[160];
    move(0, 0);
    clrtoeol();
    if (herd_get_status(s->g, &st) != HERD_OK)
        return;
    if (st.result == HERD_WIN) {
        snprintf(line, sizeof line, "%s wins: %s.", play_side_title(s, st.side, who, sizeof who),
                 reason_text(st.reason));
        play_put(0, 0, COLS, side_attr(s, st.side) | A_REVERSE, line);
    } else if (st.result == HERD_DRAW) {
        snprintf(line, sizeof line, "Draw: %s.", reason_text(st.reason));
        play_put(0, 0, COLS, A_BOLD | A_REVERSE, line);
    } else {
        const char *who_plays = s->players == PLAY_TWO ? ""
                                : is_human(s, st.side) ? " (you)"
                                                       : " (computer)";
        snprintf(line, sizeof line, "%s to move%s", play_side_title(s, st.side, who, sizeof who),
                 who_plays);
        play_put(0, 0, COLS, side_attr(s, st.side), line);
    }
    const char *title = herd_game_name(s->g);
    for (size_t i = 0; i < GAME_COUNT; i++)
        if (strcmp(games[i].name, title) == 0)
            title = games[i].title;
    int len = (int)strlen(title);
    if (len + 40 < COLS)
        play_put(0, COLS - len, len, A_DIM, title);
}

/* The keys line at the bottom: while the game goes on, or once it is over. */
static const char *keys_line(const play_session *s, int over, char *buf, size_t cap)
{
    int watch = s->players == PLAY_WATCH;
    snprintf(buf, cap, "%s%sEsc %s  Q quit", over || watch ? "" : s->view->keys,
             watch  ? ""
             : over ? "U undo  "
                    : "  ? hint  U undo  ",
             over ? "new game" : "cancel");
    return buf;
}

/* The smallest terminal for the view's board, and for the keys line, which
 * is never cut. */
static void view_needs(const play_session *s, int *rows, int *cols)
{
    *rows = 24;
    *cols = 80;
    if (s->view->need)
        s->view->need(s, rows, cols);
    char keys[200];
    for (int over = 0; over < 2; over++) {
        int width = text_width(keys_line(s, over, keys, sizeof keys));
        if (*cols < width)
            *cols = width;
    }
}

static int too_small(const play_session *s)
{
    int rows, cols;
    view_needs(s, &rows, &cols);
    return LINES < rows || COLS < cols;
}

static void draw_game(play_session *s)
{
    erase();
    int need_rows, need_cols;
    view_needs(s, &need_rows, &need_cols);
    if (too_small(s)) {
        char line[160];
        snprintf(line, sizeof line, "The terminal is %dx%d: this board needs at least %dx%d.", COLS,
                 LINES, need_cols, need_rows);
        play_put(0, 0, COLS, A_BOLD, line);
        play_put(1, 0, COLS, 0, "Enlarge the window, or press Esc for the setup (a smaller");
        play_put(2, 0, COLS, 0, "board) or Q to quit.");
        refresh();
        return;
    }
    draw_top(s);
    s->view->draw(s, LINES, COLS);
    if (s->msg[0])
        play_put(LINES - 2, 0, COLS, s->msg_error ? A_BOLD | COLOR_PAIR(PAIR_RED) : A_BOLD, s->msg);
    char keys[200];
    play_put(LINES - 1, 0, COLS, A_DIM, keys_line(s, is_over(s), keys, sizeof keys));
    refresh();
}

enum { RUN_SETUP, RUN_QUIT };

static int handle_key(play_session *s, int ch)
{
    switch (ch) {
    case 27: /* Esc: Cancel, which is New game once the game is over */
        return RUN_SETUP;
    case 'Q':
    case 3: /* Ctrl-C */
        return RUN_QUIT;
    case KEY_RESIZE:
    case 12: /* Ctrl-L */
        clearok(stdscr, TRUE);
        return -1;
    case ERR:
        return -1;
    default:
        break;
    }
    if (too_small(s)) /* no key acts on a board that cannot be seen */
        return -1;
    if (ch == 'U' && s->players != PLAY_WATCH) { /* also after the end: take back the last turn */
        if (play_undo_turn(s) == HERD_OK) {
            play_say(s, 0, "Taken back.");
            position_changed(s);
        } else {
            play_say(s, 1, "Nothing to undo.");
        }
        return -1;
    }
    if (is_over(s)) {
        play_say(s, 1,
                 "The game is over: U takes back the last turn, Esc starts a new game, Q "
                 "quits.");
        return -1;
    }
    if (!play_human_turn(s)) {
        play_say(s, 1, "Wait: the computer is to move.");
        return -1;
    }
    if (ch == '?') {
        herd_move m;
        char act[HERD_MAX_MOVE_TEXT];
        int rc = herd_hint(s->g, s->level, &m);
        if (rc != HERD_OK) {
            play_say(s, 1, "No hint: %s", herd_strerror(rc));
        } else {
            if (s->view->hint)
                s->view->hint(s, m);
            play_say(s, 0, "Hint: %s (Enter plays it)", play_move_text(s, m, act, sizeof act));
        }
        return -1;
    }
    if (ch == KEY_MOUSE) {
        MEVENT ev;
        if (getmouse(&ev) == OK && (ev.bstate & BUTTON1_PRESSED) && s->view->click &&
            !s->view->click(s, ev.y, ev.x))
            play_say(s, 1, "Nothing to click there.");
        return -1;
    }
    if (!s->view->key || !s->view->key(s, ch)) {
        const char *name = keyname(ch);
        play_say(s, 1, "The key %s does nothing here.", name ? name : "?");
    }
    return -1;
}

static int run_game(const play_config *c, herd_game *g, int utf8)
{
    const play_game *game = &games[c->game];
    play_session s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.view = c->plain || !game->view ? &play_generic_view : game->view;
    s.players = c->players;
    s.human_side = c->human_side;
    s.level = c->level;
    s.utf8 = utf8;
    if (s.view->open && s.view->open(&s) != 0) {
        herd_free(g);
        return RUN_SETUP;
    }
    int result = -1;
    while (result < 0) {
        int acted = computer_step(&s);
        draw_game(&s);
        if (acted) {
            /* Keys pressed meanwhile still count; the computer waits a
             * little when it plays against itself, so that one can follow. */
            timeout(s.players == PLAY_WATCH ? 400 : 0);
            int ch = getch();
            timeout(-1);
            if (ch != ERR)
                result = handle_key(&s, ch);
            continue;
        }
        result = handle_key(&s, getch());
    }
    if (s.view->close)
        s.view->close(&s);
    free(s.log);
    herd_free(g);
    return result;
}

/* ------------------------------------------------------------ the setup */

enum { F_GAME, F_OPTION, F_PLAYERS, F_SIDE, F_LEVEL };

typedef struct field {
    int kind;
    size_t option; /* F_OPTION: which */
} field;

static size_t setup_fields(const play_config *c, field *f)
{
    size_t n = 0;
    f[n++] = (field){F_GAME, 0};
    if (!c->position)
        for (size_t i = 0; i < option_count(&games[c->game]); i++)
            f[n++] = (field){F_OPTION, i};
    f[n++] = (field){F_PLAYERS, 0};
    if (c->players == PLAY_ONE)
        f[n++] = (field){F_SIDE, 0};
    if (c->players != PLAY_TWO)
        f[n++] = (field){F_LEVEL, 0};
    return n;
}

static const char *players_text[] = {"one against the computer", "two on this screen",
                                     "the computer against itself"};

typedef struct setup {
    play_config *c;
    size_t at;              /* the field with the cursor */
    int typing;             /* a value is being typed into an option */
    char saved[VALUE_SIZE]; /* the option's value before typing */
    herd_game *probe;       /* the game the values describe, NULL if none */
    char msg[256];
    int msg_error;
} setup;

/* Checks the values by creating the game they describe. */
static int setup_check(setup *st)
{
    herd_game *g = NULL;
    int rc = config_create(st->c, &g, st->msg, sizeof st->msg);
    if (rc != HERD_OK) {
        st->msg_error = 1;
        return rc;
    }
    herd_free(st->probe);
    st->probe = g;
    int max = herd_max_level(g);
    if (st->c->level > max)
        st->c->level = max;
    st->msg[0] = '\0';
    return HERD_OK;
}

/* Leaves the value being typed: kept when the library takes it. */
static int setup_commit(setup *st)
{
    if (!st->typing)
        return HERD_OK;
    st->typing = 0;
    field f[16];
    setup_fields(st->c, f);
    size_t i = f[st->at].option;
    if (setup_check(st) != HERD_OK) {
        char why[256];
        snprintf(why, sizeof why, "%s", st->msg);
        snprintf(st->c->value[i], VALUE_SIZE, "%s", st->saved);
        setup_check(st);
        snprintf(st->msg, sizeof st->msg, "Refused: %.200s", why);
        st->msg_error = 1;
        return HERD_E_RANGE;
    }
    return HERD_OK;
}

/* Steps an option by +1 or -1, skipping values the game refuses (such as
 * 14 geese) up to a few; at the end of the range the value stays and the
 * library's message for the next value says the range. */
static void setup_step_option(setup *st, size_t i, int dir)
{
    char *end;
    char before[VALUE_SIZE];
    snprintf(before, sizeof before, "%s", st->c->value[i]);
    unsigned long long v = strtoull(before, &end, 10);
    if (before[0] < '0' || before[0] > '9' || *end) {
        snprintf(st->msg, sizeof st->msg, "Type a value for %s.",
                 games[st->c->game].options[i].key);
        st->msg_error = 1;
        return;
    }
    char why[256] = "no smaller value";
    for (int tries = 0; tries < 4; tries++) {
        if (dir < 0 && v == 0)
            break;
        v = dir > 0 ? v + 1 : v - 1;
        snprintf(st->c->value[i], VALUE_SIZE, "%llu", v);
        if (setup_check(st) == HERD_OK)
            return;
        if (tries == 0) /* the next value's refusal says the range */
            snprintf(why, sizeof why, "%s", st->msg);
    }
    snprintf(st->c->value[i], VALUE_SIZE, "%s", before);
    setup_check(st);
    snprintf(st->msg, sizeof st->msg, "Refused: %.200s", why);
    st->msg_error = 1;
}

static void setup_change(setup *st, const field *f, int dir)
{
    play_config *c = st->c;
    switch (f->kind) {
    case F_GAME:
        c->game = (c->game + GAME_COUNT + (size_t)(dir > 0 ? 1 : GAME_COUNT - 1)) % GAME_COUNT;
        config_defaults(c);
        c->human_side = 0;
        c->position = NULL;               /* a position belongs to the game it was given for */
        if (setup_check(st) != HERD_OK) { /* a game this libherd does not have */
            herd_free(st->probe);
            st->probe = NULL;
        }
        break;
    case F_OPTION:
        setup_step_option(st, f->option, dir);
        break;
    case F_PLAYERS:
        c->players = (c->players + 3 + dir) % 3;
        break;
    case F_SIDE:
        c->human_side = 1 - c->human_side;
        break;
    case F_LEVEL: {
        int max = st->probe ? herd_max_level(st->probe) : 1;
        int want = c->level + dir; /* 0 is the game's default level */
        if (want < 0 || want > max) {
            snprintf(st->msg, sizeof st->msg, "Refused: level %d is out of range 1..%d", want, max);
            st->msg_error = 1;
        } else {
            c->level = want;
            st->msg[0] = '\0';
        }
        break;
    }
    }
}

static void draw_setup(setup *st)
{
    play_config *c = st->c;
    field f[16];
    size_t n = setup_fields(c, f);
    erase();
    char line[200];
    snprintf(line, sizeof line, "herd-play %s (libherd %s): setup", PLAY_VERSION,
             herd_version_string());
    play_put(0, 0, COLS, A_BOLD, line);
    int y = 2;
    for (size_t i = 0; i < n; i++, y++) {
        const char *label = "";
        char value[160] = "";
        switch (f[i].kind) {
        case F_GAME:
            label = "Game";
            snprintf(value, sizeof value, "%s", games[c->game].name);
            break;
        case F_OPTION:
            label = games[c->game].options[f[i].option].label;
            snprintf(value, sizeof value, "%s", c->value[f[i].option]);
            break;
        case F_PLAYERS:
            label = "Players";
            snprintf(value, sizeof value, "%s", players_text[c->players]);
            break;
        case F_SIDE: {
            label = "You play";
            char name[32] = "?";
            if (st->probe) {
                play_session probe = {.g = st->probe};
                play_side_title(&probe, c->human_side, name, sizeof name);
            }
            snprintf(value, sizeof value, "%s (%s)", name,
                     c->human_side == 0 ? "moves first" : "moves second");
            break;
        }
        case F_LEVEL:
            label = "Computer level";
            if (c->level == 0)
                snprintf(value, sizeof value, "the game's default (1..%d)",
                         st->probe ? herd_max_level(st->probe) : 1);
            else
                snprintf(value, sizeof value, "%d (1..%d)", c->level,
                         st->probe ? herd_max_level(st->probe) : 1);
            break;
        }
        int here = i == st->at;
        play_put(y, 2, 24, here ? A_BOLD : 0, label);
        snprintf(line, sizeof line, "< %s%s >", value, here && st->typing ? "_" : "");
        play_put(y, 28, COLS - 28, here ? A_REVERSE : 0, line);
        if (f[i].kind == F_GAME)
            play_put(y, 30 + (int)strlen(line), COLS - 30 - (int)strlen(line), A_DIM,
                     games[c->game].title);
    }
    if (c->position) {
        play_put(y++, 2, COLS - 2, 0, "Starts from the position given:");
        play_put(y++, 4, COLS - 4, A_DIM, c->position);
    }
    y++;
    play_put(y++, 2, COLS - 2, 0,
             "Up/Down choose a line, Left/Right change it, digits type a value.");
    play_put(y++, 2, COLS - 2, 0, "Enter starts the game with these values; Q quits.");
    if (st->msg[0])
        play_put(y + 1, 2, COLS - 2, st->msg_error ? A_BOLD | COLOR_PAIR(PAIR_RED) : 0, st->msg);
    refresh();
}

/* Runs the setup screen; returns RUN_QUIT, or 0 with *out the new game. */
static int run_setup(play_config *c, herd_game **out)
{
    setup st;
    memset(&st, 0, sizeof st);
    st.c = c;
    setup_check(&st);
    int result = -1;
    while (result < 0) {
        draw_setup(&st);
        field f[16];
        size_t n = setup_fields(c, f);
        if (st.at >= n)
            st.at = n - 1;
        int ch = getch();
        switch (ch) {
        case 'Q':
        case 3:
            result = RUN_QUIT;
            break;
        case KEY_UP:
        case KEY_DOWN:
        case '\t':
            if (setup_commit(&st) == HERD_OK)
                st.at = (st.at + n + (ch == KEY_UP ? n - 1 : 1)) % n;
            break;
        case KEY_LEFT:
        case KEY_RIGHT:
            if (setup_commit(&st) == HERD_OK)
                setup_change(&st, &f[st.at], ch == KEY_RIGHT ? 1 : -1);
            break;
        case '\n':
        case '\r':
        case KEY_ENTER:
            if (setup_commit(&st) != HERD_OK)
                break;
            if (setup_check(&st) == HERD_OK &&
                config_create(c, out, st.msg, sizeof st.msg) == HERD_OK)
                result = 0;
            break;
        default:
            if (play_is_backspace(ch)) {
                if (f[st.at].kind == F_OPTION) {
                    char *v = c->value[f[st.at].option];
                    if (!st.typing) {
                        snprintf(st.saved, sizeof st.saved, "%s", v);
                        st.typing = 1;
                    }
                    if (*v)
                        v[strlen(v) - 1] = '\0';
                }
            } else if (f[st.at].kind == F_OPTION && ch > ' ' && ch < 127) {
                char *v = c->value[f[st.at].option];
                if (!st.typing) { /* the first key replaces the value */
                    snprintf(st.saved, sizeof st.saved, "%s", v);
                    v[0] = '\0';
                    st.typing = 1;
                }
                size_t len = strlen(v);
                if (len + 1 < VALUE_SIZE) {
                    v[len] = (char)ch;
                    v[len + 1] = '\0';
                }
                /* Said at once, kept only when leaving the line. */
                herd_game *g = NULL;
                if (config_create(c, &g, st.msg, sizeof st.msg) == HERD_OK) {
                    st.msg[0] = '\0';
                    herd_free(g);
                } else {
                    char why[256];
                    snprintf(why, sizeof why, "%s", st.msg);
                    snprintf(st.msg, sizeof st.msg, "Refused: %.200s", why);
                    st.msg_error = 1;
                }
            } else if (ch != KEY_RESIZE && ch != ERR) {
                const char *name = keyname(ch);
                snprintf(st.msg, sizeof st.msg, "The key %s does nothing here.", name ? name : "?");
                st.msg_error = 1;
            }
            break;
        }
    }
    herd_free(st.probe);
    return result;
}

/* ------------------------------------------------------- command line */

static void usage(FILE *to)
{
    fprintf(to, "usage: herd-play [GAME] [KEY=VALUE ...] [OPTIONS]\n"
                "Plays the games of libherd in a terminal: against a friend on the same\n"
                "screen or against the computer. A setup screen shows the values; Enter\n"
                "starts the game.\n\n"
                "Games and their KEY=VALUE options (the defaults):\n");
    for (size_t i = 0; i < GAME_COUNT; i++) {
        fprintf(to, "  %-7s %-24s", games[i].name, games[i].title);
        for (size_t k = 0; k < option_count(&games[i]); k++)
            fprintf(to, " %s=%s", games[i].options[k].key,
                    *games[i].options[k].dflt ? games[i].options[k].dflt : "POINT");
        fputc('\n', to);
    }
    fprintf(to, "\nOptions:\n"
                "  --players=one|two|watch  one against the computer (default), two people,\n"
                "                           or the computer against itself\n"
                "  --side=1|2               the side you play against the computer\n"
                "  --level=N                the computer's level (1 and up; default: the game's)\n"
                "  --position=TEXT          start from a position text (docs/protocol.md)\n"
                "  --plain                  the plain view: the library's board, typed actions\n"
                "  --help, --version\n");
}

static int parse_args(int argc, char **argv, play_config *c)
{
    int i = 1;
    if (i < argc && argv[i][0] != '-' && !strchr(argv[i], '=')) {
        size_t k = 0;
        while (k < GAME_COUNT && strcmp(games[k].name, argv[i]) != 0)
            k++;
        if (k == GAME_COUNT) {
            fprintf(stderr, "herd-play: unknown game '%s'\n", argv[i]);
            return 2;
        }
        c->game = k;
        i++;
    }
    config_defaults(c);
    for (; i < argc; i++) {
        const char *a = argv[i];
        const char *eq = strchr(a, '=');
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(a, "--version") == 0) {
            printf("herd-play %s (libherd %s)\n", PLAY_VERSION, herd_version_string());
            return 0;
        } else if (strcmp(a, "--plain") == 0) {
            c->plain = 1;
        } else if (strncmp(a, "--players=", 10) == 0) {
            const char *v = a + 10;
            if (strcmp(v, "one") == 0)
                c->players = PLAY_ONE;
            else if (strcmp(v, "two") == 0)
                c->players = PLAY_TWO;
            else if (strcmp(v, "watch") == 0)
                c->players = PLAY_WATCH;
            else {
                fprintf(stderr, "herd-play: --players takes one, two or watch\n");
                return 2;
            }
        } else if (strncmp(a, "--side=", 7) == 0) {
            if (strcmp(a + 7, "1") != 0 && strcmp(a + 7, "2") != 0) {
                fprintf(stderr, "herd-play: --side takes 1 or 2\n");
                return 2;
            }
            c->human_side = a[7] - '1';
        } else if (strncmp(a, "--level=", 8) == 0) {
            char *end;
            long v = strtol(a + 8, &end, 10);
            if (a[8] == '\0' || *end || v < 1 || v > 99) {
                fprintf(stderr, "herd-play: --level takes a number from 1\n");
                return 2;
            }
            c->level = (int)v;
        } else if (strncmp(a, "--position=", 11) == 0) {
            c->position = a + 11;
        } else if (a[0] != '-' && eq) {
            const play_game *game = &games[c->game];
            size_t k = 0;
            while (k < option_count(game) && (strlen(game->options[k].key) != (size_t)(eq - a) ||
                                              strncmp(game->options[k].key, a, (size_t)(eq - a))))
                k++;
            if (k == option_count(game)) {
                fprintf(stderr, "herd-play: %s has no option '%.*s'\n", game->name, (int)(eq - a),
                        a);
                return 2;
            }
            snprintf(c->value[k], VALUE_SIZE, "%s", eq + 1);
        } else {
            fprintf(stderr, "herd-play: unknown argument '%s' (see herd-play --help)\n", a);
            return 2;
        }
    }
    return -1;
}

int main(int argc, char **argv)
{
    if (herd_version() / 100 != HERD_VERSION_NUMBER / 100) {
        fprintf(stderr, "herd-play: built for libherd %d.%d, running with %s\n", HERD_VERSION_MAJOR,
                HERD_VERSION_MINOR, herd_version_string());
        return EXIT_FAILURE;
    }
    play_config c;
    memset(&c, 0, sizeof c);
    int rc = parse_args(argc, argv, &c);
    if (rc >= 0)
        return rc;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "herd-play: needs a terminal (see herd-play --help)\n");
        return EXIT_FAILURE;
    }

    setlocale(LC_ALL, "");
    int utf8 = strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
    initscr();
    raw();
    noecho();
    keypad(stdscr, TRUE);
    curs_set(0);
    set_escdelay(25);
    /* A press acts at once: no waiting to tell a click from a drag. */
    mousemask(BUTTON1_PRESSED, NULL);
    mouseinterval(0);
    if (has_colors()) {
        start_color();
        use_default_colors();
        init_pair(PAIR_GREEN, COLOR_GREEN, -1);
        init_pair(PAIR_RED, COLOR_RED, -1);
        init_pair(PAIR_BLUE, COLOR_BLUE, -1);
        init_pair(PAIR_YELLOW, COLOR_YELLOW, -1);
        init_pair(PAIR_GREEN_BG, COLOR_BLACK, COLOR_GREEN);
        init_pair(PAIR_RED_BG, COLOR_WHITE, COLOR_RED);
        init_pair(PAIR_BLUE_BG, COLOR_WHITE, COLOR_BLUE);
        init_pair(PAIR_SELECTED, COLOR_BLACK, COLOR_YELLOW);
    }

    for (;;) {
        herd_game *g = NULL;
        if (run_setup(&c, &g) == RUN_QUIT)
            break;
        if (run_game(&c, g, utf8) == RUN_QUIT)
            break;
    }
    endwin();
    return EXIT_SUCCESS;
}
