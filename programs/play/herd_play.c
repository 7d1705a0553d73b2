/* herd-play: plays the games of libherd in a terminal, against a friend on
 * the same screen or against the computer (play.h describes the parts).
 *
 * Usage: herd-play [GAME] [KEY=VALUE ...] [--players=one|two|watch]
 *                  [--side=1|2] [--level=N] [--position=TEXT] [--plain]
 *                  [--record=FILE] [--replay=FILE]
 *        herd-play --help | --version */
#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "../program_io.h"
#include "../program_record.h"
#include "play.h"

/* ------------------------------------------------------------- the views */

/* The games with a view of their own; any other game is played in the
 * generic view. */
static const play_view *const views[] = {&play_horses_view, &play_hex_view, &play_hare_view,
                                         &play_fox_view, &play_flock_view};

static const play_view *view_of(const play_config *c)
{
    const char *name = play_config_game(c)->name;
    for (size_t i = 0; !c->plain && i < sizeof views / sizeof views[0]; i++)
        if (strcmp(views[i]->game, name) == 0)
            return views[i];
    return &play_generic_view;
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

int play_text_width(const char *text)
{
    int n = 0;
    for (const unsigned char *p = (const unsigned char *)text; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

/* The log line of history entry i, from the game itself: the view's, or
 * "N. Side: ACTION". Nothing is kept, so undo and replay need nothing. */
static void log_text(const play_session *s, size_t i, play_entry e, char *buf, size_t cap)
{
    if (s->view->log_text) {
        s->view->log_text(s, i, buf, cap);
    } else {
        char who[32], act[HERD_MAX_MOVE_TEXT];
        snprintf(buf, cap, "%zu. %s: %s", i + 1, play_side_title(s, e.side, who, sizeof who),
                 play_move_text(s, e.move, act, sizeof act));
    }
}

void play_draw_log(const play_session *s, int y, int x, int h, int w)
{
    if (h < 3 || w < 10)
        return;
    play_put(y, x, w, A_BOLD, "Moves, newest first");
    size_t n = play_log_len(s);
    for (int row = 1; row < h && (size_t)row <= n; row++) {
        size_t i = n - (size_t)row;
        play_entry e = play_log_at(s, i);
        char text[96];
        log_text(s, i, e, text, sizeof text);
        int len = play_text_width(text);
        int at = x;
        if (e.side == 1 && len < w)
            at = x + w - len;                    /* the second side's moves at the right */
        int bytes = w + (int)strlen(text) - len; /* the cut counts bytes */
        play_put(y + row, at, bytes, e.side >= 0 ? side_attr(s, e.side) & ~A_BOLD : 0, text);
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

size_t play_log_len(const play_session *s)
{
    return herd_history_length(s->g);
}

play_entry play_log_at(const play_session *s, size_t i)
{
    play_entry e = {0, -1, 0};
    herd_history_move(s->g, i, &e.move);
    herd_history_side(s->g, i, &e.side, &e.chance);
    return e;
}

static void position_changed(play_session *s)
{
    if (s->view->changed)
        s->view->changed(s);
}

int play_move(play_session *s, herd_move m)
{
    int rc = herd_apply(s->g, m);
    if (rc != HERD_OK) {
        const char *why = herd_last_error(s->g);
        play_say(s, 1, "Refused: %s", *why ? why : herd_strerror(rc));
        return rc;
    }
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
    int rc = herd_undo(s->g);
    if (rc != HERD_OK)
        return rc;
    position_changed(s);
    return HERD_OK;
}

/* Undo: the library takes back the turn of the side that Undo belongs to
 * (the person's against the computer; with two players, the side that
 * decided last) and the computer's reply. */
static int play_undo_turn(play_session *s)
{
    int side = s->human_side;
    if (s->players == PLAY_TWO) {
        side = -1;
        for (size_t i = play_log_len(s); i-- > 0 && side < 0;) {
            play_entry e = play_log_at(s, i);
            if (!e.chance)
                side = e.side;
        }
        if (side < 0)
            return HERD_E_STATE;
    }
    return herd_undo_turn(s->g, side);
}

/* Appends the game's record as it stands to the record file (records.md:
 * the computer's level as its player's name, `?` for a person), and says
 * so on the message line. */
static void save_record(play_session *s)
{
    const char *path = s->record_path ? s->record_path : PLAY_RECORD_FILE;
    herd_record *r = NULL;
    char name[64], date[16];
    const char *level_name = "";
    time_t now = time(NULL);
    struct tm *t = localtime(&now);
    int rc = herd_record_from_game(s->g, NULL, NULL, NULL, &r);
    if (rc == HERD_OK)
        rc = herd_record_set_tag(r, "Event", "herd-play");
    if (rc == HERD_OK && t && strftime(date, sizeof date, "%Y.%m.%d", t))
        rc = herd_record_set_tag(r, "Date", date);
    const herd_game_desc *d = herd_game_desc_of(s->g);
    int level = s->level ? s->level : d ? d->default_level : 1;
    herd_level_name(s->g, level, &level_name, NULL);
    snprintf(name, sizeof name, "herd level %d (%s)", level, level_name);
    for (int side = 0; side < 2 && rc == HERD_OK; side++)
        rc = record_set_player(r, s->g, side, is_human(s, side) ? "?" : name);
    FILE *f = rc == HERD_OK ? fopen(path, "a") : NULL;
    if (rc != HERD_OK || !f) {
        play_say(s, 1, "No record written to %s: %s", path,
                 rc != HERD_OK ? herd_strerror(rc) : strerror(errno));
        herd_record_free(r);
        return;
    }
    fseek(f, 0, SEEK_END);
    rc = record_append(f, r, ftell(f) == 0);
    int why = output_finish(f);
    if (rc != HERD_OK)
        play_say(s, 1, "No record written to %s: %s", path, herd_strerror(rc));
    else if (why)
        play_say(s, 1, "The record to %s was not written whole: %s", path, output_error(why));
    else
        play_say(s, 0, "Record appended to %s (%zu action%s).", path, herd_record_plies(r),
                 herd_record_plies(r) == 1 ? "" : "s");
    herd_record_free(r);
}

/* --record: the game's record is appended as the game ends (once for each
 * ending: an ending taken back and played again is appended anew). */
static void record_at_end(play_session *s)
{
    if (!s->record_ends || s->replay)
        return;
    if (!is_over(s))
        s->recorded = 0;
    else if (!s->recorded) {
        save_record(s);
        s->recorded = 1;
    }
}

/* Lets the computer act, or rolls the dice. Returns 0 when nothing was to do.
 * One action at a time: a side that keeps the turn (placements in hex, the
 * fox in a jump chain) acts again on the loop's next pass. */
static int computer_step(play_session *s)
{
    int side = play_side_to_act(s);
    if (side < 0 || s->replay)
        return 0;
    char who[32], act[HERD_MAX_MOVE_TEXT];
    herd_move m;
    int rc;
    if (herd_is_chance(s->g)) {
        rc = herd_roll(s->g, &m);
        if (rc == HERD_OK) {
            play_say(s, 0, "%s rolled %s", play_side_title(s, side, who, sizeof who),
                     play_move_text(s, m, act, sizeof act));
        }
    } else if (!is_human(s, side)) {
        rc = herd_play_genmove(s->g, s->level, &m);
        if (rc == HERD_OK) {
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

/* ----------------------------------------------------------- the replay */

/* Steps the replay to its position after `ply` actions (clamped to the
 * record's), back by undo and forward by the record's actions, each logged
 * as when it was played; at the end the players' ending of the record
 * stands too, as herd_record_game() has it. */
static void replay_to(play_session *s, size_t ply)
{
    size_t plies = herd_record_plies(s->replay);
    herd_status st;
    if (ply > plies)
        ply = plies;
    if (herd_get_status(s->g, &st) == HERD_OK && st.reason >= HERD_REASON_RESIGNED)
        herd_undo(s->g); /* the ending first, a step of its own */
    while (herd_history_length(s->g) > ply && herd_undo(s->g) == HERD_OK)
        ;
    for (size_t at = herd_history_length(s->g); at < ply; at++) {
        herd_move m;
        if (herd_record_move(s->replay, at + 1, &m) != HERD_OK || play_move(s, m) != HERD_OK)
            break;
    }
    if (ply == plies && herd_record_status(s->replay, &st) == HERD_OK &&
        st.reason >= HERD_REASON_RESIGNED)
        herd_end(s->g, st.reason, st.result == HERD_WIN ? 1 - st.side : -1);
    position_changed(s);
    play_say(s, 0, "Replay: action %zu of %zu", herd_history_length(s->g), plies);
}

/* Leaves the replay at the position shown: two people play on, or the
 * person against the computer, taking the side to act. */
static void replay_play_on(play_session *s, int players)
{
    int side = play_side_to_act(s);
    herd_record_free(s->replay);
    s->replay = NULL;
    s->players = players;
    s->human_side = side >= 0 ? side : 0;
    play_say(s, 0, "Played on from action %zu.", herd_history_length(s->g));
}

/* A key of the replay: 1 when it took it. */
static int replay_key(play_session *s, int ch)
{
    size_t ply = herd_history_length(s->g);
    switch (ch) {
    case KEY_LEFT:
        replay_to(s, ply ? ply - 1 : 0);
        return 1;
    case KEY_RIGHT:
        replay_to(s, ply + 1);
        return 1;
    case KEY_HOME:
        replay_to(s, 0);
        return 1;
    case KEY_END:
        replay_to(s, herd_record_plies(s->replay));
        return 1;
    case 'P':
    case 'C':
        if (is_over(s)) {
            play_say(s, 1, "The game is over here: step back to play on.");
            return 1;
        }
        replay_play_on(s, ch == 'P' ? PLAY_TWO : PLAY_ONE);
        return 1;
    default:
        return 0;
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
    if (st.result != HERD_ONGOING) {
        /* The library's words for the ending, as every front end says it. */
        char words[128];
        if (herd_result_text(s->g, words, sizeof words, NULL) != HERD_OK)
            words[0] = '\0';
        snprintf(line, sizeof line, "%s.", words);
        play_put(0, 0, COLS, (st.result == HERD_WIN ? side_attr(s, st.side) : (int)A_BOLD) | A_REVERSE,
                 line);
    } else {
        const char *who_plays = s->replay                ? " (replay)"
                                : s->players == PLAY_TWO ? ""
                                : is_human(s, st.side)   ? " (you)"
                                                         : " (computer)";
        snprintf(line, sizeof line, "%s to move%s", play_side_title(s, st.side, who, sizeof who),
                 who_plays);
        play_put(0, 0, COLS, side_attr(s, st.side), line);
    }
    const herd_game_desc *d = herd_game_desc_of(s->g);
    const char *title = d ? d->title : herd_game_name(s->g);
    int len = (int)strlen(title);
    if (len + 40 < COLS && (int)strlen(line) + len + 2 <= COLS) /* the line comes first */
        play_put(0, COLS - len, len, A_DIM, title);
}

/* The keys line at the bottom: while the game goes on, or once it is over. */
static const char *keys_line(const play_session *s, int over, char *buf, size_t cap)
{
    if (s->replay) {
        snprintf(buf, cap, "<- -> step  Home End  P play on  C vs computer  R record  Esc  Q quit");
        return buf;
    }
    int watch = s->players == PLAY_WATCH;
    snprintf(buf, cap, "%s%sR record  Esc %s  Q quit", over || watch ? "" : s->view->keys,
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
        int width = play_text_width(keys_line(s, over, keys, sizeof keys));
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

enum { RUN_SETUP = 0, RUN_QUIT = PLAY_QUIT };

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
    if (ch == 'R') { /* at any time, in every mode */
        save_record(s);
        return -1;
    }
    if (s->replay) {
        if (!replay_key(s, ch))
            play_say(s, 1, "A replay: Left and Right step, Home and End, P or C plays on.");
        return -1;
    }
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

/* Plays g; with `replay` (whose game g is, at its start) steps through that
 * record from its end, until played on. */
static int run_game(const play_config *c, herd_game *g, int utf8, herd_record *replay)
{
    play_session s;
    memset(&s, 0, sizeof s);
    s.g = g;
    s.view = view_of(c);
    s.players = c->players;
    s.human_side = c->human_side;
    s.level = c->level;
    s.utf8 = utf8;
    s.record_path = c->record;
    s.record_ends = c->record != NULL;
    s.replay = replay;
    if (s.view->open && s.view->open(&s) != 0) {
        herd_free(g);
        herd_record_free(replay);
        return RUN_SETUP;
    }
    if (s.replay)
        replay_to(&s, herd_record_plies(s.replay));
    int result = -1;
    while (result < 0) {
        int acted = computer_step(&s);
        record_at_end(&s);
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
        record_at_end(&s);
    }
    if (s.view->close)
        s.view->close(&s);
    herd_record_free(s.replay);
    herd_free(g);
    return result;
}

/* --replay=FILE: the first record of the file, read before the screen
 * starts so that a refusal is said on standard error; NULL after saying
 * why. */
static herd_record *read_replay(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "herd-play: %s: %s\n", path, strerror(errno));
        return NULL;
    }
    herd_record_reader *rd = NULL;
    herd_record *r = NULL;
    herd_record_error err;
    int rc = herd_record_reader_from_file(f, 0, NULL, NULL, &rd);
    if (rc == HERD_OK)
        rc = herd_record_read(rd, &r, &err);
    else
        snprintf(err.message, sizeof err.message, "%s", herd_strerror(rc));
    if (rc == HERD_E_STATE)
        snprintf(err.message, sizeof err.message, "no record in the file");
    if (rc != HERD_OK)
        fprintf(stderr, "herd-play: %s: %s\n", path, err.message);
    herd_record_reader_free(rd);
    fclose(f);
    return rc == HERD_OK ? r : NULL;
}

/* The game of the replay at its start, with the registry's game chosen in
 * c (its view); NULL after saying why. */
static herd_game *replay_game(play_config *c, const herd_record *r)
{
    const char *name = herd_record_tag(r, "Game");
    size_t index = 0;
    while (index < herd_game_count() && strcmp(herd_game_desc_at(index)->name, name) != 0)
        index++;
    herd_game *g = NULL;
    if (index == herd_game_count() || play_config_choose(c, index) != 0 ||
        herd_record_game(r, 0, NULL, NULL, &g) != HERD_OK) {
        fprintf(stderr, "herd-play: %s: cannot replay the record\n", c->replay);
        return NULL;
    }
    return g;
}

int main(int argc, char **argv)
{
    if (!HERD_VERSION_SERVES(herd_version())) {
        fprintf(stderr, "herd-play: built for libherd %d.%d, running with %s (needs the same major version, at least that minor)\n", HERD_VERSION_MAJOR,
                HERD_VERSION_MINOR, herd_version_string());
        return EXIT_FAILURE;
    }
    play_config c;
    memset(&c, 0, sizeof c);
    int rc = play_parse_args(argc, argv, &c);
    if (rc >= 0) { /* --help, --version or a refusal: checked as every program's output */
        play_config_free(&c);
        return output_close(stdout, "herd-play", "standard output") ? EXIT_FAILURE : rc;
    }
    /* A record that cannot be replayed is refused before the terminal is asked for. */
    herd_record *replay = c.replay ? read_replay(c.replay) : NULL;
    herd_game *replayed = replay ? replay_game(&c, replay) : NULL;
    if (c.replay && !replayed) {
        herd_record_free(replay);
        play_config_free(&c);
        return EXIT_FAILURE;
    }
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
        fprintf(stderr, "herd-play: needs a terminal (see herd-play --help)\n");
        herd_free(replayed);
        herd_record_free(replay);
        play_config_free(&c);
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
        herd_game *g = replayed;
        if (replayed) { /* the replay first, then the setup as after any game */
            replayed = NULL;
        } else if (play_run_setup(&c, &g) == PLAY_QUIT) {
            break;
        }
        int result = run_game(&c, g, utf8, replay);
        replay = NULL;
        if (result == RUN_QUIT)
            break;
    }
    endwin();
    play_config_free(&c);
    return EXIT_SUCCESS;
}
