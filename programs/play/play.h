/* herd-play: a terminal front end for the games of libherd (ncurses).
 *
 * herd_play.c holds what every game shares: the game loop with the
 * computer player, Hint and Undo (the library's herd_hint() and
 * herd_undo_turn()), the moves log, the top line and the message line.
 * play_setup.c has the command line and the setup screen, both built from
 * the library's registry (the games, their options and levels). A game's
 * screen is a view, a small table of
 * callbacks: play_horses.c (Herd of Horses as seed 000 shows it),
 * play_hex.c (the hexhex board), play_hunt.c (Hare and Hounds, Fox and
 * Geese), play_flock.c, and play_generic.c, which plays any game from the
 * generic API alone (herd_show(), typed action texts). play_grid.c has the
 * cursor and cell names that the square-grid views share. */
#ifndef HERD_PLAY_H
#define HERD_PLAY_H

#include <stddef.h>

#include <herd/herd.h>
#include <herd/record.h>

/* Colour pairs, set up once by the core (plain attributes without colour). */
enum {
    PAIR_GREEN = 1, /* green text */
    PAIR_RED,       /* red text */
    PAIR_BLUE,      /* blue text */
    PAIR_YELLOW,    /* yellow text: selections, targets, hints */
    PAIR_GREEN_BG,  /* a green piece */
    PAIR_RED_BG,    /* a red piece */
    PAIR_BLUE_BG,   /* a blue piece */
    PAIR_SELECTED,  /* the selected piece: black on yellow */
    PAIR_COUNT
};

#define PLAY_VERSION "1.0"

/* Who plays. */
enum {
    PLAY_ONE = 0,  /* one person against the computer */
    PLAY_TWO = 1,  /* two people on one screen */
    PLAY_WATCH = 2 /* the computer against itself */
};

/* One action of the game's undo history, as the library tells it
 * (herd_history_move(), herd_history_side()). */
typedef struct play_entry {
    herd_move move;
    int side;   /* the side to act when it was played */
    int chance; /* a chance event's outcome (the dice), not a decision */
} play_entry;

struct play_view;

/* A game in progress. */
typedef struct play_session {
    herd_game *g;
    const struct play_view *view;
    void *vs; /* the view's own state */
    int players;
    int human_side; /* PLAY_ONE: the person's side */
    int level;      /* the computer's level, 1..herd_max_level(); 0 the default */
    const char *record_path; /* R appends the record there; --record also at the end */
    int record_ends;         /* --record: each ending's record is appended */
    int recorded;            /* the ending that stands now is in the file */
    /* --replay: the record stepped through (the game holds its actions up
     * to the position shown); NULL once played on, and in any other game. */
    herd_record *replay;
    char msg[256]; /* the message line */
    int msg_error; /* the message says why something was refused */
    int utf8;      /* the terminal takes UTF-8 */
} play_session;

/* A game's screen. Every callback but `game` may be NULL where the view
 * has nothing to do. */
typedef struct play_view {
    const char *game;             /* the game it draws; NULL for any game */
    int side_pair[2];             /* the colour pair of each side's name (0: none) */
    const char *keys;             /* the keys line */
    int (*open)(play_session *s); /* allocates s->vs; 0 or -1 */
    void (*close)(play_session *s);
    /* The smallest terminal the board needs. */
    void (*need)(const play_session *s, int *rows, int *cols);
    /* Draws rows 1 .. rows-3 (the core draws the top line and the two
     * bottom lines). */
    void (*draw)(play_session *s, int rows, int cols);
    /* A key while the person is to move: 1 when the view took it. */
    int (*key)(play_session *s, int ch);
    /* A mouse click at a screen cell: 1 when the view took it. */
    int (*click)(play_session *s, int y, int x);
    /* Shows the computer's suggestion so that Enter plays it. */
    void (*hint)(play_session *s, herd_move m);
    /* The position changed (a move, an undo): selections are stale. */
    void (*changed)(play_session *s);
    /* The log line of history entry i (from 0), drawn from the game's
     * history whenever the log is drawn. NULL: "N. Side: ACTION". */
    void (*log_text)(const play_session *s, size_t i, char *buf, size_t cap);
} play_view;

extern const play_view play_horses_view;
extern const play_view play_hex_view;
extern const play_view play_hare_view;
extern const play_view play_fox_view;
extern const play_view play_flock_view;
extern const play_view play_generic_view;

/* ------------------------------------- the setup's choice (play_setup.c) */

/* Room for an option's value: a 64-bit number, a cell name, with some to
 * spare. */
#define PLAY_VALUE_SIZE 40

/* What the setup screen shows: the game and the values it starts with. */
typedef struct play_config {
    size_t game;                    /* herd_game_desc_at(game) */
    char (*value)[PLAY_VALUE_SIZE]; /* one per option of the game */
    int players;                    /* PLAY_ONE, PLAY_TWO or PLAY_WATCH */
    int human_side;                 /* PLAY_ONE: the person's side */
    int level;                      /* the computer's level; 0 the game's default */
    int plain;                      /* the generic view for every game */
    const char *position;           /* a position text to start from, or NULL */
    const char *record;             /* --record=FILE, or NULL */
    const char *replay;             /* --replay=FILE, or NULL */
} play_config;

/* Where R appends a record without --record. */
#define PLAY_RECORD_FILE "herd-play.hgr"

enum { PLAY_QUIT = 1 };

/* Reads the command line into c (which starts zeroed): -1 to go on, else
 * the exit status (after --help, --version or a refusal on stderr). */
int play_parse_args(int argc, char **argv, play_config *c);

/* Runs the setup screen: 0 with *out the game it creates, or PLAY_QUIT. */
int play_run_setup(play_config *c, herd_game **out);

/* The description of the configured game. */
const herd_game_desc *play_config_game(const play_config *c);

/* Makes game `index` of the registry the chosen one, its options at their
 * defaults: 0, or -1 out of memory. */
int play_config_choose(play_config *c, size_t index);

/* Creates the configured game; on failure msg gets the library's message. */
int play_config_create(const play_config *c, herd_game **out, char *msg, size_t cap);

/* Frees what the configuration holds. */
void play_config_free(play_config *c);

/* ---------------------------------------- what the core offers the views */

/* Sets the message line. */
void play_say(play_session *s, int error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Plays the person's action; on refusal the message line gives the
 * library's message. Returns the herd_code. */
int play_move(play_session *s, herd_move m);

/* Plays the person's action given as text; a text that names no action,
 * or an action the rules forbid, is refused with the library's message.
 * Returns the herd_code. */
int play_text_move(play_session *s, const char *text);

/* Takes back the last action alone (herd_undo()): for a view whose side
 * acts more than once in a turn. HERD_E_STATE when there is none in the
 * history. */
int play_undo(play_session *s);

/* Nonzero when a person is to act now (the game goes on, no chance event
 * waits, and the side to act is not the computer's). */
int play_human_turn(const play_session *s);

/* The side to act, -1 when the game is over (or its status cannot be
 * read). */
int play_side_to_act(const play_session *s);

/* The legal actions now; buf has room for HERD_MAX_MOVES. */
size_t play_legal(const play_session *s, herd_move *buf);

/* The action's text ("a3-b5", "+c2", ...); "?" when it has none. */
const char *play_move_text(const play_session *s, herd_move m, char *buf, size_t cap);

/* The number of actions in the game's history, and action i of them
 * (0 the oldest; i below play_log_len()). */
size_t play_log_len(const play_session *s);
play_entry play_log_at(const play_session *s, size_t i);

/* Draws the moves log in a box, newest first: the first side's entries at
 * the left, the second side's at the right. */
void play_draw_log(const play_session *s, int y, int x, int h, int w);

/* A side's name with a capital letter ("Green"). */
const char *play_side_title(const play_session *s, int side, char *buf, size_t cap);

/* Writes text at (y, x), cut to `width` columns. */
void play_put(int y, int x, int width, int attr, const char *text);

/* The columns a UTF-8 text takes (one per character). */
int play_text_width(const char *text);

/* ------------------------- choosing cells of a square grid (play_grid.c) */

/* The cursor and a cell name being typed, for the views whose cells are
 * herd_cell values named `a1` (row letter, column from 1). */
typedef struct play_pick {
    herd_cell cursor;
    char typed[8];
} play_pick;

/* Which cells of the rows x cols grid are cells of the board. */
typedef int (*play_is_cell)(const play_session *s, herd_cell c);

enum {
    PICK_NONE = 0, /* not a key for choosing cells */
    PICK_MOVED,    /* the cursor or the name being typed changed */
    PICK_CHOSEN    /* Enter or Space: *chosen is the cell */
};

/* Handles the cursor keys (to the next cell of the board that way),
 * letters and digits (a cell name: the cursor goes there once it names a
 * cell), Backspace, and Enter or Space, which choose the typed cell or the
 * one under the cursor. A typed name that is no cell is refused on the
 * message line. */
int play_pick_key(play_session *s, play_pick *p, int ch, int rows, int cols, play_is_cell is_cell,
                  herd_cell *chosen);

/* The name of a cell ("c3"), in a buffer of PLAY_CELL_NAME_SIZE bytes: room
 * for any int column, so that the compiler sees no truncation. */
#define PLAY_CELL_NAME_SIZE 16
const char *play_cell_name(herd_cell c, char *buf, size_t cap);

/* Whether the key is Backspace (as terminals send it: KEY_BACKSPACE, DEL
 * or Ctrl-H). */
int play_is_backspace(int ch);

/* Whether two cells are the same. */
int play_same_cell(herd_cell a, herd_cell b);

/* Reads the cells of an action text made of cell names joined by '-'
 * ("d4-d6"); returns how many, 0 when the text is not such. */
int play_text_cells(const char *text, herd_cell *cells, int cap);

/* Whether list[0 .. n) holds the cell c. */
int play_cell_in(const herd_cell *list, size_t n, herd_cell c);

/* The piece chosen on a square grid, and the hint that Enter plays. */
typedef struct play_choice {
    int chosen; /* a piece is chosen: from */
    herd_cell from;
    herd_move hint; /* Enter on hint_at plays it; 0 for none */
    herd_cell hint_at;
} play_choice;

/* The cells the chosen piece can go to (at most HERD_MAX_MOVES). */
typedef size_t (*play_targets)(const play_session *s, herd_cell *out);

/* Enter on a cell, as far as every square-grid view agrees: plays the
 * hint on its target; unchooses the chosen piece on its own cell; chooses
 * the piece of the side to act on the cell (`noun` names it in the
 * refusals: when the cell holds none, when `targets` finds it no move).
 * Returns 1 when the cell meant that (or the game's status could not be
 * read, which the message line says), 0 when it is one for the chosen
 * piece to go to. */
int play_choose(play_session *s, play_choice *ch, herd_cell c, int side_on_cell, const char *noun,
                play_targets targets);

/* Plays the chosen piece's move to `to`, given as the text FROM-TO so that
 * a refusal gives the library's message (the choice then stays). Returns
 * the herd_code. */
int play_choice_move(play_session *s, const play_choice *ch, herd_cell to);

/* Shows a hint: its piece chosen, the cursor on its target. */
void play_choose_hint(play_choice *ch, play_pick *p, herd_move m, herd_cell from, herd_cell to);

/* Draws the row letters at x = 0 and the column numbers on row y - 1 of a
 * grid whose cell (r, c) is drawn at (y + dy * r, x + dx * c). */
void play_grid_labels(int rows, int cols, int y, int x, int dy, int dx);

#endif /* HERD_PLAY_H */
